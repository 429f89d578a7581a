import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { confirmPaymentSchema, type ConfirmPayment } from '#contract/payments.ts';
import { invalidateBookings } from '#web/features/bookings/public.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/payments/confirm: the server asks Stripe about this checkout and books the seat if it is paid. */
export async function confirmPayment(checkoutSessionId: string): Promise<ConfirmPayment> {
  return confirmPaymentSchema.parse(await apiRequest<unknown>('/payments/confirm', { method: 'POST', body: { checkoutSessionId } }));
}

/** How often the success page asks again while Stripe still reports the payment as not complete. */
const PENDING_POLL_MS = 2000;

/**
 * A query rather than a mutation: confirming is idempotent, and while the payment is pending the
 * page keeps asking until the server has seen it.
 */
export function useConfirmPayment(checkoutSessionId: string) {
  return useQuery(confirmPaymentQuery(checkoutSessionId, useQueryClient()));
}

/** The success page's answer, for its loader and its component alike; a booking made refreshes `queryClient`'s bookings. */
export const confirmPaymentQuery = (checkoutSessionId: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: ['payments', 'confirm', checkoutSessionId],
    queryFn: async () => {
      const result = await confirmPayment(checkoutSessionId);
      if (result.status !== 'pending') await invalidateBookings(queryClient);
      return result;
    },
    enabled: checkoutSessionId !== '',
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
    refetchOnWindowFocus: false,
    retry: 1,
  });
