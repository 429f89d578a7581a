import { useQuery } from '@tanstack/react-query';
import { testCheckoutSchema, testPaymentResultSchema, type TestCheckout, type TestPaymentResult } from '#contract/payments.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/payments/test-checkouts/{id}: the caller's test payment (no money moves). */
export function useTestCheckout(id: string) {
  return useQuery({
    queryKey: ['payments', 'test-checkout', id],
    queryFn: async (): Promise<TestCheckout> => testCheckoutSchema.parse(await apiRequest<unknown>(`/payments/test-checkouts/${encodeURIComponent(id)}`)),
    retry: false,
  });
}

/** POST /api/payments/test-checkouts/{id}/pay: the held seat is booked; answers where Checkout would have returned. */
export async function payTestCheckout(id: string): Promise<TestPaymentResult> {
  return testPaymentResultSchema.parse(await apiRequest<unknown>(`/payments/test-checkouts/${encodeURIComponent(id)}/pay`, { method: 'POST' }));
}
