import { describe, expect, it } from 'vitest';
import { channelTopic } from './channel-topic.ts';

describe('channelTopic', () => {
  it('gives every subscription a topic of its own', () => {
    const topics = new Set(Array.from({ length: 50 }, () => channelTopic('company:abc')));
    expect(topics.size).toBe(50);
    for (const topic of topics) expect(topic.startsWith('company:abc:')).toBe(true);
  });
});
