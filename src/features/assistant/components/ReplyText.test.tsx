// @vitest-environment happy-dom
/** An answer's references become links to the shift's timeline or the staff member's shifts; suggestions ask. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@shared/lib/router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import type { AssistantReference } from '../reply-references.ts';
import { ReplyText } from './ReplyText.tsx';
import '../../../i18n/testing.ts';

const SHIFT_ID = '1a2b3c4d-0000-4000-8000-000000000001';
const STAFF_ID = 'c1000000-0000-4000-8000-000000000001';
const REFERENCES: AssistantReference[] = [
  { kind: 'shift', id: SHIFT_ID, label: '12 King St W, Wed, Nov 18, 9:00 AM' },
  { kind: 'staff', id: STAFF_ID, label: 'Ann Lee' },
];
const REPLY = [
  '1. One shift is pending:',
  '   a. 12 King St W, Wed, Nov 18, 9:00 AM',
  '2. Ann Lee accepted 3 shifts.',
].join('\n');

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderReply(props: Partial<Parameters<typeof ReplyText>[0]> = {}) {
  return render(
    <LocaleProvider>
      <MantineProvider>
        <MemoryRouter initialPath="/dashboard/shiftcall">
          <div data-testid="reply">
            <ReplyText text={REPLY} references={REFERENCES} {...props} />
          </div>
          <WhereAmI />
        </MemoryRouter>
      </MantineProvider>
    </LocaleProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('ReplyText', () => {
  afterEach(() => {
    cleanup();
    i18n.activate('en');
  });

  it('shows each reference label as a link, the rest as text, keeping the points', () => {
    renderReply();
    const shift = screen.getByRole('link', { name: '12 King St W, Wed, Nov 18, 9:00 AM' });
    const staff = screen.getByRole('link', { name: 'Ann Lee' });
    expect(shift.getAttribute('href')).toBe(`/dashboard/shift-info?timeline=${SHIFT_ID}`);
    expect(staff.getAttribute('href')).toBe(`/dashboard/view?staff=${STAFF_ID}`);
    expect(shift.getAttribute('title')).toBe("Open this shift's timeline");
    expect(staff.getAttribute('title')).toBe("View this staff member's shifts");
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.getByTestId('reply').textContent).toBe(
      '1.One shift is pending:a.12 King St W, Wed, Nov 18, 9:00 AM2.Ann Lee accepted 3 shifts.',
    );
  });

  it('following a link opens the shift timeline or View Staff Shift, and tells the panel', () => {
    const onFollowReference = vi.fn();
    renderReply({ onFollowReference });
    fireEvent.click(screen.getByRole('link', { name: '12 King St W, Wed, Nov 18, 9:00 AM' }));
    expect(location()).toBe(`/dashboard/shift-info?timeline=${SHIFT_ID}`);
    expect(onFollowReference).toHaveBeenLastCalledWith(REFERENCES[0]);
    fireEvent.click(screen.getByRole('link', { name: 'Ann Lee' }));
    expect(location()).toBe(`/dashboard/view?staff=${STAFF_ID}`);
    expect(onFollowReference).toHaveBeenLastCalledWith(REFERENCES[1]);
  });

  it('titles the links in French, and keeps the answer as it came', () => {
    i18n.activate('fr-CA');
    renderReply();
    expect(screen.getByRole('link', { name: 'Ann Lee' }).getAttribute('title')).toBe(
      'Voir les quarts de ce membre du personnel',
    );
    expect(screen.getByRole('link', { name: '12 King St W, Wed, Nov 18, 9:00 AM' }).getAttribute('title')).toBe(
      'Ouvrir l’historique de ce quart',
    );
    expect(screen.getByTestId('reply').textContent).toContain('2.Ann Lee accepted 3 shifts.');
  });

  it('a click that opens a new tab leaves this tab and the panel as they are', () => {
    const onFollowReference = vi.fn();
    renderReply({ onFollowReference });
    fireEvent.click(screen.getByRole('link', { name: 'Ann Lee' }), { ctrlKey: true });
    expect(onFollowReference).not.toHaveBeenCalled();
  });

  it('the links are in the tab order (reachable and followed from the keyboard)', () => {
    renderReply();
    for (const link of screen.getAllByRole('link')) {
      expect(link.tagName).toBe('A');
      expect(link.hasAttribute('href')).toBe(true);
      expect(link.getAttribute('tabindex')).not.toBe('-1');
    }
  });

  it('without references the reply is plain text, and markup stays text', () => {
    renderReply({ text: '1. <a href="/x">Ann Lee</a>', references: [] });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('<a href="/x">Ann Lee</a>')).toBeTruthy();
  });

  it('suggested questions after "You could ask" are buttons that ask them', () => {
    const onAsk = vi.fn();
    renderReply({
      text: "1. I can't answer that yet. You could ask:\n   a. Which shifts are pending?\n   b. Who was late this week?",
      references: [],
      onAsk,
    });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Which shifts are pending?', 'Who was late this week?']);
    fireEvent.click(within(buttons[1] as HTMLElement).getByText('Who was late this week?'));
    expect(onAsk).toHaveBeenCalledWith('Who was late this week?');
  });

  it('suggestions cannot be asked while a reply is awaited, and are text when the panel cannot ask', () => {
    const text = 'You could ask:\n   a. Which shifts are pending?';
    renderReply({ text, references: [], onAsk: vi.fn(), canAsk: false });
    expect((screen.getByRole('button', { name: 'Which shifts are pending?' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    cleanup();
    renderReply({ text, references: [] });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('Which shifts are pending?')).toBeTruthy();
  });

  it('lettered points of an ordinary answer stay text', () => {
    renderReply({ onAsk: vi.fn() });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
