import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationSettingsSchema, type UpdateNotificationSettingsBody } from '#contract/notifications.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { notificationSettingsQueryKey } from './use-notification-settings.ts';

/** PUT /api/me/notifications: turn optional emails on or off. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateNotificationSettingsBody) =>
      notificationSettingsSchema.parse(await apiRequest<unknown>('/me/notifications', { method: 'PUT', body: input })),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey, settings),
  });
}
