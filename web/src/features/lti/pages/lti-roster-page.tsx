import { type ActionFunctionArgs, data, Form, useActionData, useNavigation } from 'react-router';
import type { LtiCourse, LtiRoster } from '#contract/lti.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { importLtiRoster, ltiCoursesQuery, useLtiCourses } from '#web/features/lti/api/lti-platforms.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formText, pageQueryClient, refused } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

// Tutor: the courses they opened StudyNest from as Instructor, and "Import the course's roster"
// (Names and Role Provisioning 2.0, docs/decisions/068-lti-nrps.md). The import is a form posting
// to this page's action, so it works without JavaScript; the roster is the action's data, drawn
// under the course (read each time from the platform, never kept).

const IMPORT = 'import';

export async function loader() {
  await pageQueryClient().ensureQueryData(ltiCoursesQuery);
  return null;
}

/** Import: the page again with the course's members; refused, the page with the API's reason. */
export async function action({ request }: ActionFunctionArgs) {
  const fields = formText(await request.formData());
  if (fields.intent !== IMPORT) return data(null, { status: 400 });
  try {
    return { roster: await importLtiRoster(fields.courseId ?? '') };
  } catch (error) {
    return refused(error, IMPORT);
  }
}

export function LtiRosterPage() {
  const { t } = useTranslator();
  useTitle(t('ltiRoster.title'));
  const courses = useLtiCourses();
  const answer = useActionData<{ roster?: LtiRoster }>();
  const roster = answer?.roster;
  return (
    <PageSection title={t('ltiRoster.title')} headingId="lti-roster-heading" className="flex max-w-4xl flex-col gap-6">
      <p className="text-base-content/70">{t('ltiRoster.lead')}</p>
      <RefusalMessage title={t('ltiRoster.importFailed')} intent={IMPORT} />
      <QueryState query={courses} loadingLabel={t('ltiRoster.title')}>
        {() =>
          courses.data && courses.data.items.length > 0 ? (
            <ul className="flex flex-col gap-3">
              {courses.data.items.map((course) => (
                <CourseRow key={course.id} course={course} roster={roster?.course.id === course.id ? roster : undefined} />
              ))}
            </ul>
          ) : (
            <p>{t('ltiRoster.none')}</p>
          )
        }
      </QueryState>
    </PageSection>
  );
}

function CourseRow({ course, roster }: { course: LtiCourse; roster: LtiRoster | undefined }) {
  const { t } = useTranslator();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('courseId') === course.id;
  return (
    <li className="card bg-base-100 shadow-sm" data-testid="lti-course-row">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words">{course.title}</p>
            <p className="text-sm text-base-content/70">{t('ltiRoster.from', { platform: course.platform })}</p>
          </div>
          {course.rosterAvailable ? (
            <Form method="post" aria-label={t('ltiRoster.importLabel', { title: course.title })}>
              <NoScriptField />
              <input type="hidden" name="courseId" value={course.id} />
              <SubmitButton busy={busy} label={t('ltiRoster.import')} busyLabel={t('ltiRoster.importing')} className="btn btn-primary btn-sm" name="intent" value={IMPORT} />
            </Form>
          ) : (
            <p className="text-sm">{t('ltiRoster.noService')}</p>
          )}
        </div>
        {roster ? <RosterTable roster={roster} /> : null}
      </div>
    </li>
  );
}

function RosterTable({ roster }: { roster: LtiRoster }) {
  const { t } = useTranslator();
  return (
    <section aria-labelledby="lti-roster-members-heading" className="flex flex-col gap-2">
      <h2 id="lti-roster-members-heading" className="text-lg font-semibold">
        {t('ltiRoster.membersHeading', { title: roster.course.title, count: roster.members.length })}
      </h2>
      {roster.truncated ? <p className="text-sm">{t('ltiRoster.truncated')}</p> : null}
      {/* On a phone the table is wider than the screen and scrolls in this box, which the keyboard
          reaches and scrolls with the arrow keys (WCAG 2.1.1); named by the heading, as a group (the
          section around it is already the region of that name). */}
      <div className="overflow-x-auto" role="group" aria-labelledby="lti-roster-members-heading" tabIndex={0}>
        <table className="table table-sm" data-testid="lti-roster">
          <thead>
            <tr>
              <th scope="col">{t('ltiRoster.name')}</th>
              <th scope="col">{t('ltiRoster.email')}</th>
              <th scope="col">{t('ltiRoster.role')}</th>
              <th scope="col">{t('ltiRoster.booked')}</th>
            </tr>
          </thead>
          <tbody>
            {roster.members.map((member) => (
              <tr key={member.userId} data-testid="lti-roster-member">
                <td className="break-words">{member.name}</td>
                <td className="break-all">{member.email ?? t('ltiRoster.noEmail')}</td>
                <td>{member.instructor ? t('ltiRoster.teacher') : t('ltiRoster.learner')}</td>
                <td>{member.account ? (member.booked ? t('ltiRoster.yes') : t('ltiRoster.no')) : t('ltiRoster.noAccount')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
