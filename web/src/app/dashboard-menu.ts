import type { Role } from '#contract/common.ts';
import type { Translator } from '#web/lib/i18n.ts';

export type DashboardMenuEntry = {
  label: string;
  to: string;
};

type Entry = { to: string; label: (t: Translator['t']) => string };
type Menu = Array<{ roles: readonly Role[]; entries: Entry[] }>;

/**
 * The dashboard sidebar, by role, in this order. Add an entry here when a dashboard page
 * lands, next to its route in router.tsx; its label is a literal t() call (the catalogues' test finds it).
 */
const menu: Menu = [
  { roles: ['student', 'tutor', 'admin'], entries: [{ to: '/dashboard', label: (t) => t('dashboardMenu.personalDetails') }] },
  {
    roles: ['student'],
    entries: [
      { to: '/dashboard/view-booked-session', label: (t) => t('dashboardMenu.bookedSessions') },
      { to: '/dashboard/create-note', label: (t) => t('dashboardMenu.createNote') },
      { to: '/dashboard/manage-personal-notes', label: (t) => t('dashboardMenu.manageNotes') },
      { to: '/dashboard/study-materials', label: (t) => t('dashboardMenu.studyMaterials') },
    ],
  },
  {
    roles: ['tutor'],
    entries: [
      { to: '/dashboard/create-session', label: (t) => t('dashboardMenu.createSession') },
      { to: '/dashboard/manage-sessions', label: (t) => t('dashboardMenu.manageSessions') },
      { to: '/dashboard/upload-materials', label: (t) => t('dashboardMenu.uploadMaterials') },
    ],
  },
  // A separate group, so that no run of like entries is long: the tutor's materials list.
  { roles: ['tutor'], entries: [{ to: '/dashboard/view-all-materials', label: (t) => t('dashboardMenu.viewAllMaterials') }] },
  // The courses a tutor opened StudyNest from (LTI), and their rosters (docs/decisions/068-lti-nrps.md).
  { roles: ['tutor'], entries: [{ to: '/dashboard/lti-roster', label: (t) => t('dashboardMenu.ltiRoster') }] },
  // Admin: the lists of everything (users, sessions, materials), then the operator's pages.
  { roles: ['admin'], entries: [{ to: '/dashboard/all-users', label: (t) => t('dashboardMenu.allUsers') }, { to: '/dashboard/all-sessions', label: (t) => t('dashboardMenu.allSessions') }] },
  { roles: ['admin'], entries: [{ to: '/dashboard/all-materials', label: (t) => t('dashboardMenu.allMaterials') }] },
  { roles: ['admin'], entries: [{ to: '/dashboard/background-jobs', label: (t) => t('dashboardMenu.backgroundJobs') }] },
  { roles: ['admin'], entries: [{ to: '/dashboard/audit-log', label: (t) => t('dashboardMenu.auditLog') }] },
  { roles: ['admin'], entries: [{ to: '/dashboard/lti-platforms', label: (t) => t('dashboardMenu.ltiPlatforms') }] },
  { roles: ['admin'], entries: [{ to: '/dashboard/single-sign-on', label: (t) => t('dashboardMenu.singleSignOn') }] },
  { roles: ['tutor', 'admin'], entries: [{ to: '/dashboard/api-keys', label: (t) => t('dashboardMenu.apiKeys') }] },
  { roles: ['student', 'tutor', 'admin'], entries: [{ to: '/dashboard/settings', label: (t) => t('dashboardMenu.settings') }] },
];

/** The sidebar's entries for `role`, labelled in the page's language. */
export function dashboardMenuFor(role: Role, t: Translator['t']): DashboardMenuEntry[] {
  return menu.filter((group) => group.roles.includes(role)).flatMap((group) => group.entries.map((entry) => ({ to: entry.to, label: entry.label(t) })));
}
