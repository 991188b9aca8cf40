import { describe, expect, it, vi } from 'vitest';
import { keepSubscribed, type ChannelStatus } from './live-subscription.ts';

function fakeChannels() {
  const channels: { onStatus: (s: ChannelStatus) => void; stopped: boolean }[] = [];
  const subscribe = vi.fn(async (onStatus: (s: ChannelStatus) => void) => {
    const channel = { onStatus, stopped: false };
    channels.push(channel);
    return () => {
      channel.stopped = true;
      onStatus('CLOSED');
    };
  });
  return { channels, subscribe };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('keepSubscribed', () => {
  it('refetches on every SUBSCRIBED and replaces a failed channel, ignoring the old one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { channels, subscribe } = fakeChannels();
      const onSubscribed = vi.fn();
      const reconnecting: boolean[] = [];
      const stop = keepSubscribed(subscribe, { onSubscribed, onReconnecting: (r) => reconnecting.push(r) });
      await vi.waitFor(() => expect(channels).toHaveLength(1));
      channels[0]?.onStatus('SUBSCRIBED');
      expect(onSubscribed).toHaveBeenCalledTimes(1);

      channels[0]?.onStatus('CHANNEL_ERROR');
      expect(reconnecting.at(-1)).toBe(true);
      vi.advanceTimersByTime(1_000);
      await vi.waitFor(() => expect(channels).toHaveLength(2));
      expect(channels[0]?.stopped).toBe(true);
      // The replaced channel's CLOSED neither re-arms a retry nor hides the new channel's state.
      expect(reconnecting.at(-1)).toBe(true);
      channels[1]?.onStatus('SUBSCRIBED');
      expect(reconnecting.at(-1)).toBe(false);
      expect(onSubscribed).toHaveBeenCalledTimes(2);

      stop();
      expect(channels[1]?.stopped).toBe(true);
      channels[1]?.onStatus('SUBSCRIBED');
      expect(onSubscribed).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads anyway when the channel is slow to join, and backs off between retries', async () => {
    const timers: { run: () => void; ms: number }[] = [];
    const { channels, subscribe } = fakeChannels();
    const onJoinSlow = vi.fn();
    keepSubscribed(subscribe, {
      onSubscribed: () => {},
      onReconnecting: () => {},
      onJoinSlow,
      joinGraceMs: 50,
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => {},
    });
    await flush();
    timers[0]?.run();
    expect(onJoinSlow).toHaveBeenCalledTimes(1);
    channels[0]?.onStatus('TIMED_OUT');
    expect(timers.map((t) => t.ms)).toEqual([50, 1_000]);
    timers[1]?.run();
    await flush();
    channels[1]?.onStatus('CLOSED');
    expect(timers.map((t) => t.ms)).toEqual([50, 1_000, 2_000]);
  });

  it('says Reconnecting as soon as the device goes offline, waits, and rejoins at once when it is back', async () => {
    const timers: { run: () => void; ms: number }[] = [];
    const { channels, subscribe } = fakeChannels();
    let network: (isOnline: boolean) => void = () => {};
    let watching = false;
    const reconnecting: boolean[] = [];
    const onSubscribed = vi.fn();
    const stop = keepSubscribed(subscribe, {
      onSubscribed,
      onReconnecting: (r) => reconnecting.push(r),
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => {},
      watchNetwork: (onChange) => {
        network = onChange;
        watching = true;
        return () => {
          watching = false;
        };
      },
    });
    await flush();
    channels[0]?.onStatus('SUBSCRIBED');
    expect(reconnecting).toEqual([false]);

    network(false);
    expect(reconnecting.at(-1)).toBe(true);
    expect(channels[0]?.stopped).toBe(true);
    // The dropped channel's CLOSED arms no retry while offline.
    expect(timers.map((t) => t.ms)).toEqual([2_000]);

    network(true);
    await flush();
    expect(channels).toHaveLength(2);
    channels[1]?.onStatus('SUBSCRIBED');
    expect(reconnecting.at(-1)).toBe(false);
    // Rejoined: the caller refetches what changed while offline.
    expect(onSubscribed).toHaveBeenCalledTimes(2);

    stop();
    expect(watching).toBe(false);
  });
});
