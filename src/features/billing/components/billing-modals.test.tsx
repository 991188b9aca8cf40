// @vitest-environment happy-dom
/**
 * The pricing modal and the upsell popup in both languages (issue 29): SPEC's English words, the
 * Quebec French ones, and the price written each language's way. Checkout itself is the browser
 * tests' (tests/e2e/billing.test.ts); here it is a spy.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import { PricingModal } from './PricingModal.tsx';
import { UpsellModal } from './UpsellModal.tsx';
import '../../../i18n/testing.ts';

vi.mock('../hooks/use-checkout.ts', () => ({ useCheckout: () => ({ isStarting: false, startCheckout: vi.fn() }) }));
vi.mock('../hooks/use-free-question-limit.ts', () => ({ useFreeQuestionLimit: () => 25 }));

const nbsp = '\u00a0';
const company = { premium: false, country: 'Canada' };

function renderIn(locale: 'en' | 'fr-CA', modal: 'pricing' | 'upsell') {
  i18n.activate(locale);
  const Modal = modal === 'pricing' ? PricingModal : UpsellModal;
  return render(
    <LocaleProvider>
      <MantineProvider>
        <Modal company={company} onClose={() => {}} />
      </MantineProvider>
    </LocaleProvider>,
  );
}

const text = (element: HTMLElement) => element.textContent?.replace(/\s+/g, ' ').trim();

describe('the billing modals', () => {
  afterEach(() => {
    cleanup();
    i18n.activate('en');
  });

  it('show SPEC’s English and CA$499', () => {
    renderIn('en', 'upsell');
    const upsell = screen.getByRole('dialog');
    expect(within(upsell).getByRole('heading', { name: 'Go unlimited' })).toBeTruthy();
    expect(within(upsell).getByText('Unlock Premium')).toBeTruthy();
    expect(within(upsell).getByText(/Premium lifts every limit for CA\$499 per month\./)).toBeTruthy();
    expect(within(upsell).getByRole('button', { name: 'Go Premium' })).toBeTruthy();
    cleanup();

    renderIn('en', 'pricing');
    const pricing = screen.getByRole('dialog', { name: 'Upgrade your plan' });
    expect(text(within(pricing).getByTestId('plan-premium-price'))).toBe('CA$499');
    expect(text(within(pricing).getByTestId('plan-free-price'))).toBe('0');
    expect(within(pricing).getByText('25 AI assistant questions per month')).toBeTruthy();
    expect(within(pricing).getByRole('button', { name: 'Upgrade to Premium' })).toBeTruthy();
  });

  it('speak Quebec French, with the price after the amount', () => {
    renderIn('fr-CA', 'upsell');
    const upsell = screen.getByRole('dialog');
    expect(within(upsell).getByRole('heading', { name: 'Passez à l’illimité' })).toBeTruthy();
    expect(within(upsell).getByText('Débloquez Premium')).toBeTruthy();
    // The text matcher folds the no-break space into a space: the exact text is read from the node.
    expect(within(upsell).getByText(/^Vous avez atteint une limite du forfait gratuit\./).textContent).toBe(
      `Vous avez atteint une limite du forfait gratuit. Premium lève toutes les limites pour 499,00${nbsp}$ par mois.`,
    );
    expect(within(upsell).getByText('Personnel de première ligne illimité')).toBeTruthy();
    expect(within(upsell).getByRole('button', { name: 'Pas maintenant' })).toBeTruthy();
    expect(within(upsell).getByRole('button', { name: 'Passer à Premium' })).toBeTruthy();
    cleanup();

    renderIn('fr-CA', 'pricing');
    const pricing = screen.getByRole('dialog', { name: 'Changer de forfait' });
    expect(within(pricing).getByTestId('plan-premium-price').textContent).toBe(`499,00${nbsp}$`);
    expect(within(pricing).getByRole('heading', { name: 'Gratuit' })).toBeTruthy();
    expect(within(pricing).getByText('Le plus populaire')).toBeTruthy();
    expect(within(pricing).getAllByText('Forfait actuel')).toHaveLength(2);
    expect(within(pricing).getAllByText('par mois')).toHaveLength(2);
    expect(within(pricing).getByText('Couverture d’au plus 10 quarts')).toBeTruthy();
    expect(
      within(pricing)
        .getAllByText(/^Non inclus\s:$/)
        .map((node) => node.textContent),
    ).toEqual([`Non inclus${nbsp}: `, `Non inclus${nbsp}: `]);
    expect(within(pricing).getByRole('button', { name: 'Passer à Premium' })).toBeTruthy();
    expect(within(pricing).getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });
});
