import { Notice } from '@/components/account/notice';

/** The message after Stripe Checkout sends the browser back (?checkout=success|cancelled). */
export function CheckoutBanner({ outcome }: { outcome: string | undefined }) {
  if (outcome === 'success') {
    return (
      <Notice
        tone="success"
        role="status"
        testId="checkout-success-banner"
        title="Thank you — your payment went through"
      >
        <p>
          Your new plan applies as soon as the payment provider confirms it, usually within seconds. Reload this page if
          it still shows your previous plan.
        </p>
      </Notice>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <Notice tone="info" role="status" testId="checkout-cancelled-banner" title="Checkout cancelled">
        <p>Nothing was charged and your plan is unchanged. You can upgrade whenever you like.</p>
      </Notice>
    );
  }
  return null;
}
