// The local Stripe stand-in as a process for the browser tests (run with tsx by playwright.config.ts):
// the Stripe-mode store's SDK talks to it, the browser reaches it through a route of api.stripe.com,
// and it delivers signed webhooks back to the store.
import { startStripeStandIn } from '../../server/test/stripe-stand-in';

const standIn = await startStripeStandIn({
  port: Number(process.env.STAND_IN_PORT),
  webhookUrl: process.env.WEBHOOK_URL,
  webhookSecret: process.env.WEBHOOK_SECRET,
});
console.log(`Stripe stand-in on ${standIn.url}`);
