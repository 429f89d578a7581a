import { useQuery } from '@tanstack/react-query';
import { notificationSettingsSchema, type NotificationSettings } from '#contract/notifications.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const notificationSettingsQueryKey = ['me', 'notifications'] as const;

/** GET /api/me/notifications: which optional emails the caller gets. */
export async function getNotificationSettings(): Promise<NotificationSettings> {
  return notificationSettingsSchema.parse(await apiRequest<unknown>('/me/notifications'));
}

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationSettingsQueryKey, queryFn: getNotificationSettings });
}
