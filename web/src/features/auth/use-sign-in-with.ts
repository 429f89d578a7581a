import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { meQueryKey } from '#web/features/auth/api/use-me.ts';

/**
 * Signing in with a form (log in, register): the server's refusal in a dialog, else the success
 * toast and the caller read again. Once ['me'] holds the user, RedirectIfSignedIn takes them on
 * (to `?from=`, default /).
 */
export function useSignInWith() {
  const queryClient = useQueryClient();
  return async (send: () => Promise<unknown>, words: { failed: string; succeeded: string }): Promise<void> => {
    try {
      await send();
    } catch (error) {
      await showErrorDialog(words.failed, errorMessage(error));
      return;
    }
    await showSuccessToast(words.succeeded);
    await queryClient.refetchQueries({ queryKey: meQueryKey });
  };
}
