import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A save of one of the account's settings, whose answer (what the server kept) replaces the cached `queryKey`. */
export function useSaveAndKeep<Input, Saved>(queryKey: readonly unknown[], save: (input: Input) => Promise<Saved>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: save, onSuccess: (saved: Saved) => queryClient.setQueryData(queryKey, saved) });
}
