import { queryOptions, useQuery } from '@tanstack/react-query';
import { testCheckoutSchema, testPaymentResultSchema, type TestCheckout, type TestPaymentResult } from '#contract/payments.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/payments/test-checkouts/{id}: the caller's test payment (no money moves); for the hook and the page's loader. */
export const testCheckoutQuery = (id: string) =>
  queryOptions({
    queryKey: ['payments', 'test-checkout', id],
    queryFn: async (): Promise<TestCheckout> => testCheckoutSchema.parse(await apiRequest<unknown>(`/payments/test-checkouts/${encodeURIComponent(id)}`)),
    retry: false,
  });

export function useTestCheckout(id: string) {
  return useQuery(testCheckoutQuery(id));
}

/** POST /api/payments/test-checkouts/{id}/pay: the held seat is booked; answers where Checkout would have returned. */
export async function payTestCheckout(id: string): Promise<TestPaymentResult> {
  return testPaymentResultSchema.parse(await apiRequest<unknown>(`/payments/test-checkouts/${encodeURIComponent(id)}/pay`, { method: 'POST' }));
}
