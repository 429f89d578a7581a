import type { Role } from '#contract/common.ts';

export type DashboardMenuEntry = {
  label: string;
  to: string;
  /** Roles that see this entry in the dashboard sidebar. */
  roles: readonly Role[];
};

const everyone: readonly Role[] = ['student', 'tutor', 'admin'];

/**
 * The dashboard sidebar (spec §6). Add an entry here when a dashboard page lands, next to its
 * route in router.tsx; the sidebar shows each user the entries of their role, in this order.
 */
export const dashboardMenu: readonly DashboardMenuEntry[] = [
  { label: 'Personal Details', to: '/dashboard', roles: everyone },
  // Student pages (issue: bookings, notes, reviews) go here.
  { label: 'Booked Sessions', to: '/dashboard/view-booked-session', roles: ['student'] },
  { label: 'Create Note', to: '/dashboard/create-note', roles: ['student'] },
  { label: 'Manage Notes', to: '/dashboard/manage-personal-notes', roles: ['student'] },
  { label: 'Study Materials', to: '/dashboard/study-materials', roles: ['student'] },
  // Tutor pages (issue: sessions, materials) go here.
  { label: 'Create Session', to: '/dashboard/create-session', roles: ['tutor'] },
  { label: 'Manage Sessions', to: '/dashboard/manage-sessions', roles: ['tutor'] },
  { label: 'Upload Materials', to: '/dashboard/upload-materials', roles: ['tutor'] },
  { label: 'View All Materials', to: '/dashboard/view-all-materials', roles: ['tutor'] },
  // Admin pages (issue: administration) go here.
  { label: 'All Users', to: '/dashboard/all-users', roles: ['admin'] },
  { label: 'All Sessions', to: '/dashboard/all-sessions', roles: ['admin'] },
  { label: 'All Materials', to: '/dashboard/all-materials', roles: ['admin'] },
  { label: 'Background Jobs', to: '/dashboard/background-jobs', roles: ['admin'] },
  { label: 'Audit Log', to: '/dashboard/audit-log', roles: ['admin'] },
  { label: 'Settings', to: '/dashboard/settings', roles: everyone },
];

export function dashboardMenuFor(role: Role): DashboardMenuEntry[] {
  return dashboardMenu.filter((entry) => entry.roles.includes(role));
}
