// What the pages web/src/app composes may use of payments (its one door; who may use it:
// WEB_FEATURE_USES in eslint.config.js).
export { payTestCheckout, testCheckoutQuery, useTestCheckout } from '#web/features/payments/api/use-test-checkout.ts';
