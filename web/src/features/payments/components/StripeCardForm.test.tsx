import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';

/**
 * The real react-stripe-js on a stand-in for what Stripe.js would load: just enough of its surface
 * (elements, a mounted card element, confirmCardPayment) to drive our form.
 */
const confirmCardPayment = vi.fn();
const cardElement = {
  mount: vi.fn((node: HTMLElement) => node.append(Object.assign(document.createElement('input'), { title: 'card' }))),
  on: vi.fn(),
  off: vi.fn(),
  update: vi.fn(),
  destroy: vi.fn(),
};
const fakeStripe = {
  elements: () => ({ create: () => cardElement, getElement: () => cardElement, update: vi.fn() }),
  createToken: vi.fn(),
  createPaymentMethod: vi.fn(),
  confirmCardPayment,
  registerAppInfo: vi.fn(),
  _registerWrapper: vi.fn(),
};
const loadStripe = vi.fn(() => Promise.resolve(fakeStripe));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: () => loadStripe() }));
vi.mock('../../../lib/store-config', () => ({ storeConfig: { stripePublishableKey: 'pk_test_web' } }));

const { default: StripeCardForm } = await import('./StripeCardForm');

beforeEach(() => confirmCardPayment.mockReset());
afterEach(() => loadStripe.mockClear());

const renderForm = (clientSecret: string | undefined, onPaid = vi.fn(() => Promise.resolve())) => {
  renderWithProviders(<StripeCardForm clientSecret={clientSecret} billingName="Sintered pads" onPaid={onPaid} />);
  return onPaid;
};

describe('StripeCardForm', () => {
  it('when the client secret has not arrived, then Pay is disabled', async () => {
    renderForm(undefined);
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeDisabled();
    expect(cardElement.mount).toHaveBeenCalled();
  });

  it('when Stripe confirms the card, then it was billed to the product name and the intent id is recorded', async () => {
    confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const onPaid = renderForm('pi_123_secret_abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_123'));
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_abc', {
      payment_method: { card: cardElement, billing_details: { name: 'Sintered pads' } },
    });
  });

  it("when Stripe refuses the card, then Stripe's message shows in red and nothing is recorded", async () => {
    confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const onPaid = renderForm('pi_9_secret_x');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-danger');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('when the payment is still processing, then the customer is told and nothing is recorded yet', async () => {
    confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_5', status: 'processing' } });
    const onPaid = renderForm('pi_5_secret_x');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/still being processed/);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('when Stripe.js cannot be loaded, then a short message offers Retry', async () => {
    loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    renderForm('pi_1_secret_x');
    expect(await screen.findByText(/We could not load the card form/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeEnabled();
  });
});
