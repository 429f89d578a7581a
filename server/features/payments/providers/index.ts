// The payment providers StudyNest can use, registered here and nowhere else: a provider is a
// folder beside this file plus its line below (docs/decisions/045-payment-providers.md). New
// checkouts go through the first one the installation's settings turn on; a refund goes through
// the provider its booking records.
import type { PaymentProviderEntry } from '../payment-provider.ts';
import { stripeProvider } from './stripe/stripe-provider.ts';
import { testProvider } from './test/test-provider.ts';

export const PAYMENT_PROVIDERS: readonly PaymentProviderEntry[] = [stripeProvider, testProvider];
