// What other features may use of payments (docs/decisions/019-boundaries.md).
export { paymentsService, type PaymentsService } from './payments-service.ts';
