// Generated from the OpenAPI document (GET /api/docs/json) by `npm run openapi:types`: do not edit.
export interface paths {
    "/api/admin/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Background jobs in a state (queued, running, failed, dead), next to run first, with the count of each state (admins) */
        get: operations["getAdminJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a failed or dead job again now, with fresh attempts (admins) */
        post: operations["postAdminJobsRetryById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/lti/platforms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The learning platforms registered for LTI 1.3, and the URLs to paste into them (admins) */
        get: operations["getAdminLtiPlatforms"];
        put?: never;
        /** Register a learning platform: its issuer, the client id it gave StudyNest, its deployment ids and its endpoints (admins; audited) */
        post: operations["postAdminLtiPlatforms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/lti/platforms/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a learning platform: its launches are refused from now on (admins; audited) */
        delete: operations["deleteAdminLtiPlatformsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every session for admins, pending first; status filter and search; each as All Sessions shows it (the whole session is GET /api/session/{email}/{id})
         * @description With an API key: the `admin` scope.
         */
        get: operations["getAdminSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/single-sign-on": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The school's OpenID Connect provider as it is set, and where from (admins); never its client secret */
        get: operations["getAdminSingleSignOn"];
        /** Set the school's OpenID Connect provider (admins): in effect at the next sign-in, without a restart; an empty client secret keeps the one kept. Refused (409) while the server's OIDC_* variables set it */
        put: operations["putAdminSingleSignOn"];
        post?: never;
        /** Turn off the dashboard's single sign-on (admins); refused (409) while the server's OIDC_* variables set it */
        delete: operations["deleteAdminSingleSignOn"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/approved-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Home's Sessions: approved sessions of classes not ended, soonest first
         * @description With an API key: the `sessions:read` scope.
         */
        get: operations["getApprovedSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log, newest first, filtered by action and searched by the words its entries read in (the caller's language), actor, target or details (admins)
         * @description With an API key: the `admin` scope.
         */
        get: operations["getAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/callback/{providerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where an identity provider (Google, the school's OpenID Connect provider `oidc`) sends the browser back: signs in and redirects (decision 058) */
        get: operations["oauthCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/change-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to change one's address: a link is emailed to confirm it; addresses in reserved domains are refused */
        post: operations["changeEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change one's password (optionally signing out other sessions) */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/get-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current session and its user, or null */
        get: operations["getAuthSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/request-password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a password-reset link (the same answer whether or not the account exists) */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Choose a new password with the emailed token (signs out the account's sessions) */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/send-verification-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the email-verification link again */
        post: operations["sendVerificationEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-in/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with email and password: sets the session cookie */
        post: operations["signInEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-in/social": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a sign-in with an identity provider (Google): the answer names the provider's page to open, and sets the state cookie the callback checks */
        post: operations["signInSocial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: ends the session and clears its cookie */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-up/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account (student or tutor); a verification email follows. Does not sign in. */
        post: operations["signUpEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/update-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change one's own name or photo */
        post: operations["updateAuthUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Verify an email address with the emailed token (signs no one in); redirects to callbackURL when given */
        get: operations["verifyEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/book-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Book a session (students); a paid one is held and answered with its Checkout page */
        post: operations["postBookSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booked-sessions/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A student's booked and waitlisted sessions (own; admins may read): all, newest first, or upcoming / past classes in class order */
        get: operations["getBookedSessionsByEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booked-sessions/{email}/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancel a booking before the cutoff (the first in line gets the seat) */
        delete: operations["deleteBookedSessionsByEmailAndSessionId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booked-sessions/{email}/{sessionId}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The booked session as an iCalendar file */
        get: operations["getBookedSessionsCalendarIcsByEmailAndSessionId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the web app may offer (sign-in methods, payments) */
        get: operations["getConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-note": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take a note (students) */
        post: operations["postCreateNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-series/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A tutor creates a weekly series: one pending session per class (every N weeks, a number of classes or until a day, skipping some days) */
        post: operations["postCreateSeriesByEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-session/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A tutor creates a session (pending, free until approved)
         * @description With an API key: the `sessions:write` scope.
         */
        post: operations["postCreateSessionByEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and readiness (database reachable) */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lti/continue/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Continue, in a window of its own, a launch checked inside the platform's iframe: signed in and sent to the link's page (the code is used once, within two minutes) */
        get: operations["getLtiContinueByCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lti/courses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The courses the caller launched StudyNest from as their Instructor (tutors) */
        get: operations["getLtiCourses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lti/courses/{id}/roster": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import a course's roster from its learning platform (LTI Names and Role Provisioning 2.0): its members, and whether each booked one of the caller's sessions (the course's Instructor only; audited) */
        post: operations["postLtiCoursesRosterById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lti/deep-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's Deep Linking request from a learning platform: the sessions they may place in the course (instructors) */
        get: operations["getLtiDeepLinksById"];
        put?: never;
        /** Answer a Deep Linking request with one of the caller's sessions: a page that posts the signed LtiDeepLinkingResponse to the platform (instructors) */
        post: operations["postLtiDeepLinksById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lti/jwks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** StudyNest's public keys (JWKS) for LTI: what a platform checks the tool's signed messages with */
        get: operations["getLtiJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lti/launch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** LTI 1.3 launch: the platform's signed id_token checked, its user signed in and sent to the link's page */
        post: operations["postLtiLaunch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lti/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LTI 1.3 third-party-initiated login (GET): the platform sends its user here first, with `iss`, `login_hint`, `target_link_uri` and optionally `lti_message_hint`, `client_id`, `lti_deployment_id` in the query */
        get: operations["getLtiLogin"];
        put?: never;
        /** LTI 1.3 third-party-initiated login (POST form) */
        post: operations["postLtiLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/materials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Materials: a tutor's own, a student's booked sessions', or all for admins */
        get: operations["getMaterials"];
        put?: never;
        /**
         * Add a material to an approved session of yours
         * @description JSON `{ sessionId, title, link }` with an http(s) link, or multipart/form-data with the fields `sessionId`, `title` and `file` (an image or a PDF, 10 MB at most).
         */
        post: operations["postMaterials"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/materials/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Edit a material of yours: its title, and optionally a new link or file
         * @description JSON `{ title, link? }`, or multipart/form-data with `title` and optionally `file`.
         */
        put: operations["putMaterialsById"];
        post?: never;
        /** Delete a material (its tutor, or an admin) */
        delete: operations["deleteMaterialsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/materials/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A material's file, for its tutor, students booked on its session and admins */
        get: operations["getMaterialsFileById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in caller */
        get: operations["getMe"];
        put?: never;
        post?: never;
        /** Delete the caller's account (asks for their password) */
        delete: operations["deleteMe"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's API keys not revoked, newest first (never their secrets) */
        get: operations["getMeApiKeys"];
        put?: never;
        /** Make an API key with scopes the caller's role allows (verified accounts); its secret is in this answer only */
        post: operations["postMeApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of the caller's API keys: it stops working at once */
        delete: operations["deleteMeApiKeysById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/calendar-feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's private calendar feed link (null until made) */
        get: operations["getMeCalendarFeed"];
        put?: never;
        /** Make a new private calendar feed link; the old one stops working */
        post: operations["postMeCalendarFeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything StudyNest holds about the caller, as a JSON download */
        get: operations["getMeData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/data-exports/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An archive of the caller's data prepared by a job, from the emailed link (owner only, 7 days) */
        get: operations["getMeDataExportsByFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/data.zip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything StudyNest holds about the caller and their uploaded files (photo, material files), as a ZIP download */
        get: operations["getMeDataZip"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What deleting the caller's account would do to their bookings now (asked before they confirm) */
        get: operations["getMeDeletion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which optional emails the caller gets */
        get: operations["getMeNotifications"];
        /** Turn optional emails on or off */
        put: operations["putMeNotifications"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/time-zone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the zone the caller's emails give times in (null: UTC) */
        put: operations["putMeTimeZone"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/tutor-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The calling tutor's bio (for Settings) */
        get: operations["getMeTutorProfile"];
        /** Save the calling tutor's bio (shown on their public page) */
        put: operations["putMeTutorProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/note/{email}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One note (owner; admins may read) */
        get: operations["getNoteByEmailAndId"];
        /** Change a note (owner) */
        put: operations["putNoteByEmailAndId"];
        post?: never;
        /** Delete a note (owner) */
        delete: operations["deleteNoteByEmailAndId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notes/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A student's notes (own; admins may read) */
        get: operations["getNotesByEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A notification email's unsubscribe link opened in a browser: redirects to the notification settings */
        get: operations["getNotificationsUnsubscribe"];
        put?: never;
        /** One-click unsubscribe (RFC 8058) from a notification email's List-Unsubscribe link: turns off what the link names */
        post: operations["postNotificationsUnsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a password reset link can still be used */
        get: operations["getPasswordResetByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check the caller's checkout with the payment provider and book the seat if it is paid */
        post: operations["postPaymentsConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/test-checkouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's test payment (no money moves): only where test payments are on */
        get: operations["getPaymentsTestCheckoutsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/test-checkouts/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay the caller's test payment: the held seat is booked as a real payment would book it; no money moves */
        post: operations["postPaymentsTestCheckoutsPayById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The payment provider's webhook (a checkout paid), verified by the provider's signature */
        post: operations["postPaymentsWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Review a booked session (a second call updates the review) */
        post: operations["postReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/review/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change your review */
        put: operations["putReviewById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/series/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A series and its classes in class order: approved and cancelled ones for anyone, every class for its tutor and admins */
        get: operations["getSeriesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/series/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Admin approves every pending class of a series at once, each at this fee (0 = free) and optional capacity */
        post: operations["postSeriesApproveById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/series/{id}/book": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Book a series from one of its classes on (students): a seat in each class with one, the waitlist of each full one; the paid classes held are paid together, through one checkout for the sum of their fees */
        post: operations["postSeriesBookById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/series/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Call off the rest of a series: every approved class not started (from fromSessionId on, when given), each as Cancel session calls one off (its tutor while nobody has paid, or an admin) */
        post: operations["postSeriesCancelById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/{email}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the tutor's sessions (tutor, admin)
         * @description With an API key: the `sessions:read` scope.
         */
        get: operations["getSessionByEmailAndId"];
        /**
         * Edit a session (tutor: dates only while pending or rejected; admin)
         * @description With an API key: the `sessions:write` scope.
         */
        put: operations["putSessionByEmailAndId"];
        post?: never;
        /**
         * Delete a session (tutor: only without bookings; admin: with everything attached)
         * @description With an API key: the `sessions:write` scope.
         */
        delete: operations["deleteSessionByEmailAndId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One session: approved ones for anyone, pending and rejected ones only for their tutor and admins
         * @description With an API key: the `sessions:read` scope.
         */
        get: operations["getSessionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Approved sessions: upcoming (soonest first) or past (latest first) classes, or newest first; search by title or tutor, open for registration now, pages
         * @description With an API key: the `sessions:read` scope.
         */
        get: operations["getSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Admin approves a pending session, setting its fee (0 = free) and optional capacity
         * @description With an API key: the `admin` scope.
         */
        post: operations["postSessionsApproveById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/attendance/{studentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Mark a booked student present or absent, once class has started (its tutor, admins) */
        put: operations["putSessionsAttendanceByIdAndStudentId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/attendance/all-present": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark every booked student not marked yet present, once class has started (its tutor, admins) */
        post: operations["postSessionsAttendanceAllPresentById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Call an approved session off before class: its tutor (while nobody has paid) or an admin (refunds paid bookings); booked and waiting students are emailed
         * @description With an API key: the `sessions:write` scope.
         */
        post: operations["postSessionsCancelById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/my-review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's own review of the session, if any */
        get: operations["getSessionsMyReviewById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Admin rejects a pending session with a reason and feedback
         * @description With an API key: the `admin` scope.
         */
        post: operations["postSessionsRejectById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move an approved class before it starts (its tutor or an admin): new dates, maybe a new place, and a message; booked and waiting students are emailed the updated calendar entry, and booked ones may cancel with a full refund for 48 hours */
        post: operations["postSessionsRescheduleById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/resubmit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The owning tutor sends a rejected session back for review
         * @description With an API key: the `sessions:write` scope.
         */
        post: operations["postSessionsResubmitById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A session's reviews, newest first, with average and count (public) */
        get: operations["getSessionsReviewsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/roster": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Booked students and the waitlist (owning tutor, admins)
         * @description With an API key: the `bookings:read` scope.
         */
        get: operations["getSessionsRosterById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/roster.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The booked students as CSV: name, email, booked at, paid, attendance (its tutor, admins)
         * @description With an API key: the `bookings:read` scope.
         */
        get: operations["getSessionsRosterCsvById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}/waitlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join the waitlist of a full session (students) */
        post: operations["postSessionsWaitlistById"];
        /** Leave the waitlist */
        delete: operations["deleteSessionsWaitlistById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a sign-in through the school's OpenID Connect provider (the login page's form): redirects to the provider */
        post: operations["postSsoStart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tutors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Home's tutors: not blocked, with at least one approved session
         * @description With an API key: the `sessions:read` scope.
         */
        get: operations["getTutors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tutors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tutor's public page: photo, name, bio, upcoming and past approved sessions, rating
         * @description With an API key: the `sessions:read` scope.
         */
        get: operations["getTutorsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a profile photo (multipart field "file", 2 MB max) */
        post: operations["postUploads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/uploads/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored profile photo */
        get: operations["getUploadsByName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update the caller's own name and photo */
        put: operations["putUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's role (own, or any for admins) */
        get: operations["getUserByEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All users, searched by name or email and filtered by role (admins)
         * @description With an API key: the `admin` scope.
         */
        get: operations["getUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete another user's account (admins; recorded) */
        delete: operations["deleteUsersById"];
        options?: never;
        head?: never;
        /** Change a user's role or block / unblock them (admins) */
        patch: operations["patchUsersById"];
        trace?: never;
    };
    "/api/users/{id}/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything StudyNest holds about a user, as a JSON download (admins; recorded) */
        get: operations["getUsersDataById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/view-booked-session/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's booking of a session (id = session id) */
        get: operations["getViewBookedSessionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/view-sessions/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tutor's own sessions, every status (admins may read any), newest first, each as Manage Sessions shows it; the whole session is GET /api/session/{email}/{id}
         * @description With an API key: the `sessions:read` scope.
         */
        get: operations["getViewSessionsByEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's webhook endpoints (admins: every session's events; tutors: their own sessions') */
        get: operations["getWebhooks"];
        put?: never;
        /**
         * Register an HTTPS endpoint for events; its whsec_ signing secret is in this answer only (Standard Webhooks signatures)
         * @description Each event is a JSON POST `{ type, timestamp, data }`. `booking.created`: a free booking when it is made, a paid one when its payment is seen (never while its seat is only held). `booking.cancelled`: a booking cancelled by its student, or released when their account is deleted. `waitlist.promoted`: a student moved up from the waitlist. `payment.refunded`: the refund of a student's cancellation, of each paid booking of a class an admin calls off, or owed to a student whose account is deleted (`bookingId`, `amountCents`). `session.approved`, `session.cancelled`: an admin approved a class; a class was called off (`reason`). `session.rescheduled`: a class moved, with its new `classStartDate` and `classEndDate`, the previous ones and the tutor's `message`. The events of an account's deletion carry the deleted student's id, never their email address.
         */
        post: operations["postWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one of the caller's endpoints: nothing more is sent to it */
        delete: operations["deleteWebhooksById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An endpoint's latest 50 deliveries, newest first, each with its last answer */
        get: operations["getWebhooksDeliveriesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calendar/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A private calendar feed (iCalendar), by the token in its link */
        get: operations["getCalendarByFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AuthError: {
            code?: string;
            fields?: {
                [key: string]: string;
            };
            message: string;
        };
        Error: {
            fields?: {
                [key: string]: string;
            };
            message: string;
        };
    };
    responses: {
        /** @description The request is malformed or a field is invalid (`fields` names each) */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request conflicts with the current state */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not allowed for this account, or a cross-site request */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Something went wrong (details are logged, never sent) */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The path exists but does not take this method: `Allow` lists those it takes */
        MethodNotAllowed: {
            headers: {
                /** @description The methods this path takes */
                Allow?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such resource (or not visible to the caller), or a non-canonical path */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body or file is too large */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The byte range starts past the end of the file: `Content-Range` gives its size */
        RangeNotSatisfiable: {
            headers: {
                /** @description `bytes *\/<size>` */
                "Content-Range"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The database is unreachable: try again shortly */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests: wait as `Retry-After` says */
        TooManyRequests: {
            headers: {
                /** @description Seconds to wait before trying again */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not signed in (no valid session cookie) */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not of a type this operation takes */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAdminJobs: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                state?: "queued" | "running" | "failed" | "dead";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        counts: {
                            dead: number;
                            failed: number;
                            queued: number;
                            running: number;
                        };
                        items: {
                            attempts: number;
                            /** Format: date-time */
                            createdAt: string;
                            email: string | null;
                            id: string;
                            kind: string;
                            lastError: string | null;
                            /** Format: date-time */
                            lastRunAt: string | null;
                            maxAttempts: number;
                            /** Format: date-time */
                            nextTryAt: string | null;
                            recurring: boolean;
                            /** @enum {string} */
                            state: "queued" | "running" | "failed" | "dead";
                            summary: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postAdminJobsRetryById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        /** Format: date-time */
                        createdAt: string;
                        email: string | null;
                        id: string;
                        kind: string;
                        lastError: string | null;
                        /** Format: date-time */
                        lastRunAt: string | null;
                        maxAttempts: number;
                        /** Format: date-time */
                        nextTryAt: string | null;
                        recurring: boolean;
                        /** @enum {string} */
                        state: "queued" | "running" | "failed" | "dead";
                        summary: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAdminLtiPlatforms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: uri */
                            authUrl: string;
                            clientId: string;
                            /** Format: date-time */
                            createdAt: string;
                            deploymentIds: string[];
                            id: string;
                            /** Format: uri */
                            issuer: string;
                            /** Format: uri */
                            jwksUrl: string;
                            name: string;
                            servicesUrl: string | null;
                            /** Format: uri */
                            tokenUrl: string;
                        }[];
                        tool: {
                            jwksUrl: string;
                            launchUrl: string;
                            loginUrl: string;
                            targetLinkUri: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postAdminLtiPlatforms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    authUrl: string;
                    clientId: string;
                    deploymentIds: string[];
                    /** Format: uri */
                    issuer: string;
                    /** Format: uri */
                    jwksUrl: string;
                    name: string;
                    /** Format: uri */
                    servicesUrl?: string;
                    /** Format: uri */
                    tokenUrl: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        authUrl: string;
                        clientId: string;
                        /** Format: date-time */
                        createdAt: string;
                        deploymentIds: string[];
                        id: string;
                        /** Format: uri */
                        issuer: string;
                        /** Format: uri */
                        jwksUrl: string;
                        name: string;
                        servicesUrl: string | null;
                        /** Format: uri */
                        tokenUrl: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteAdminLtiPlatformsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAdminSessions: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                q?: string;
                status?: "pending" | "approved" | "rejected" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: date-time */
                            classStartDate: string;
                            id: string;
                            /** @enum {string|null} */
                            locationKind: "in_person" | "online" | "tba" | null;
                            maxParticipants: number | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFee: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            seriesId: string | null;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled";
                            title: string;
                            tutorEmail: string;
                            tutorName: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAdminSingleSignOn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowedDomains: string[];
                        buttonLabel: string;
                        clientId: string | null;
                        clientSecretSet: boolean;
                        domainRoles: {
                            domain: string;
                            /** @enum {string} */
                            role: "student" | "tutor";
                        }[];
                        issuer: string | null;
                        redirectUri: string;
                        requiredDomains: string[];
                        roleClaim: string | null;
                        /** @enum {string} */
                        source: "environment" | "dashboard" | "none";
                        /** Format: date-time */
                        updatedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putAdminSingleSignOn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowedDomains: string[];
                    buttonLabel: string;
                    clientId: string;
                    clientSecret?: string;
                    domainRoles: {
                        domain: string;
                        /** @enum {string} */
                        role: "student" | "tutor";
                    }[];
                    /** Format: uri */
                    issuer: string;
                    requiredDomains: string[];
                    roleClaim?: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowedDomains: string[];
                        buttonLabel: string;
                        clientId: string | null;
                        clientSecretSet: boolean;
                        domainRoles: {
                            domain: string;
                            /** @enum {string} */
                            role: "student" | "tutor";
                        }[];
                        issuer: string | null;
                        redirectUri: string;
                        requiredDomains: string[];
                        roleClaim: string | null;
                        /** @enum {string} */
                        source: "environment" | "dashboard" | "none";
                        /** Format: date-time */
                        updatedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteAdminSingleSignOn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApprovedSessions: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            averageRating: number | null;
                            cancellationCutoffHours: number;
                            cancellationReason: string | null;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decisionAt: string | null;
                            decisionHoursBefore: number | null;
                            description: string;
                            durationMinutes: number;
                            id: string;
                            isOpen: boolean;
                            /** @enum {string|null} */
                            locationKind: "in_person" | "online" | "tba" | null;
                            maxParticipants: number | null;
                            maxSeatsPerBooking: number;
                            mine?: {
                                /** Format: date-time */
                                paymentDueBy: string | null;
                                placeInLine: number | null;
                                /** @enum {string} */
                                status: "booked" | "waitlisted" | "awaiting_payment";
                            } | null;
                            /** @enum {string|null} */
                            minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                            minimumStudents: number | null;
                            placeAddress: string | null;
                            placeName: string | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFee: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            reviewCount: number;
                            seatsTaken: number;
                            seriesId: string | null;
                            sessionDuration: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled";
                            studentsNeeded: number;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                            tutorTimeZone: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAuditLog: {
        parameters: {
            query?: {
                action?: string;
                cursor?: string;
                limit?: number;
                q?: string;
                targetId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            action: string;
                            actor: string;
                            actorId: string | null;
                            /** Format: date-time */
                            at: string;
                            details: {
                                [key: string]: unknown;
                            };
                            id: string;
                            ip: string | null;
                            targetId: string;
                            targetType: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    oauthCallback: {
        parameters: {
            query?: {
                code?: string;
                error?: string;
                error_description?: string;
                iss?: string;
                state?: string;
            };
            header?: never;
            path: {
                providerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in (session cookie set) and sent to the callbackURL the sign-in named; refused: sent to its errorCallbackURL with `error` */
            302: {
                headers: {
                    Location?: string;
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description Refused before any redirect (no provider of that name, a malformed answer) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
        };
    };
    changeEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    callbackURL?: string;
                    /** Format: email */
                    newEmail: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: boolean;
                    };
                };
            };
            /** @description The request is malformed or a field is invalid (`fields` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            /** @description Not signed in (no valid session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                    revokeOtherSessions?: boolean;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    /** @description The session cookie (set or cleared) */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string | null;
                        user: {
                            blocked: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            emailVerified: boolean;
                            id: string;
                            image: string | null;
                            language?: string | null;
                            /** Format: date-time */
                            lastSeen: string | null;
                            name: string;
                            /** @enum {string} */
                            role: "student" | "tutor" | "admin";
                            timeZone?: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description The request is malformed or a field is invalid (`fields` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            /** @description Not signed in (no valid session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAuthSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        session: {
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            id: string;
                            ipAddress?: string | null;
                            token: string;
                            /** Format: date-time */
                            updatedAt: string;
                            userAgent?: string | null;
                            userId: string;
                        };
                        user: {
                            blocked: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            emailVerified: boolean;
                            id: string;
                            image: string | null;
                            language?: string | null;
                            /** Format: date-time */
                            lastSeen: string | null;
                            name: string;
                            /** @enum {string} */
                            role: "student" | "tutor" | "admin";
                            timeZone?: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    } | null;
                };
            };
            /** @description The request is malformed or a field is invalid (`fields` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    redirectTo?: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        status: boolean;
                    };
                };
            };
            /** @description The request is malformed or a field is invalid (`fields` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Too many requests: wait as `Retry-After` says */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    newPassword: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: boolean;
                    };
                };
            };
            /** @description The request is malformed or a field is invalid (`fields` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    sendVerificationEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    callbackURL?: string;
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: boolean;
                    };
                };
            };
            /** @description The request is malformed or a field is invalid (`fields` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Too many requests: wait as `Retry-After` says */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    signInEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    callbackURL?: string;
                    /** Format: email */
                    email: string;
                    password: string;
                    rememberMe?: boolean;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    /** @description The session cookie (set or cleared) */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        redirect: boolean;
                        token: string;
                        url?: string;
                        user: {
                            blocked: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            emailVerified: boolean;
                            id: string;
                            image: string | null;
                            language?: string | null;
                            /** Format: date-time */
                            lastSeen: string | null;
                            name: string;
                            /** @enum {string} */
                            role: "student" | "tutor" | "admin";
                            timeZone?: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description The request is malformed or a field is invalid (`fields` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            /** @description Not signed in (no valid session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            /** @description Not allowed for this account, or a cross-site request */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Too many requests: wait as `Retry-After` says */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    signInSocial: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    callbackURL?: string;
                    errorCallbackURL?: string;
                    newUserCallbackURL?: string;
                    provider: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    /** @description The session cookie (set or cleared) */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        redirect: boolean;
                        url: string;
                    };
                };
            };
            /** @description The request is malformed or a field is invalid (`fields` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description No such resource (or not visible to the caller), or a non-canonical path */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    /** @description The session cookie (set or cleared) */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    signUpEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    callbackURL?: string;
                    /** Format: email */
                    email: string;
                    image?: string;
                    name: string;
                    password: string;
                    /** @enum {string} */
                    role?: "student" | "tutor";
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string | null;
                        user: {
                            blocked: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            emailVerified: boolean;
                            id: string;
                            image: string | null;
                            language?: string | null;
                            /** Format: date-time */
                            lastSeen: string | null;
                            name: string;
                            /** @enum {string} */
                            role: "student" | "tutor" | "admin";
                            timeZone?: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description The request is malformed or a field is invalid (`fields` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            /** @description Not allowed for this account, or a cross-site request */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Too many requests: wait as `Retry-After` says */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateAuthUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image?: string | null;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: boolean;
                    };
                };
            };
            /** @description The request is malformed or a field is invalid (`fields` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            /** @description Not signed in (no valid session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    verifyEmail: {
        parameters: {
            query: {
                callbackURL?: string;
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    /** @description The session cookie (set or cleared) */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: boolean;
                        user?: {
                            blocked: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            emailVerified: boolean;
                            id: string;
                            image: string | null;
                            language?: string | null;
                            /** Format: date-time */
                            lastSeen: string | null;
                            name: string;
                            /** @enum {string} */
                            role: "student" | "tutor" | "admin";
                            timeZone?: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        } | null;
                    };
                };
            };
            /** @description Verified (or not): redirected to callbackURL */
            302: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description The request is malformed or a field is invalid (`fields` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            /** @description Not signed in (no valid session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postBookSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    attendees?: {
                        email?: string | null;
                        name: string;
                    }[];
                    /** @enum {string} */
                    ifShort?: "refuse" | "wait" | "takeFree";
                    sessionId: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string|null} */
                        attendance: "present" | "absent" | null;
                        attendees: {
                            email: string | null;
                            name: string;
                        }[];
                        canCancel: boolean;
                        /** Format: date-time */
                        cancelUntil: string;
                        checkoutUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        id: string;
                        meetingUrl: string | null;
                        /** Format: date-time */
                        paymentDueBy: string | null;
                        placeInLine: number | null;
                        seats: number;
                        session: {
                            averageRating: number | null;
                            cancellationCutoffHours: number;
                            cancellationReason: string | null;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decisionAt: string | null;
                            decisionHoursBefore: number | null;
                            description: string;
                            durationMinutes: number;
                            id: string;
                            isOpen: boolean;
                            /** @enum {string|null} */
                            locationKind: "in_person" | "online" | "tba" | null;
                            maxParticipants: number | null;
                            maxSeatsPerBooking: number;
                            /** @enum {string|null} */
                            minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                            minimumStudents: number | null;
                            placeAddress: string | null;
                            placeName: string | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFee: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            reviewCount: number;
                            seatsTaken: number;
                            seriesId: string | null;
                            sessionDuration: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled";
                            studentsNeeded: number;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                            tutorTimeZone: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        sessionId: string;
                        sessionTitle: string;
                        /** @enum {string} */
                        status: "booked" | "waitlisted" | "awaiting_payment";
                        studentEmail: string;
                        tutorEmail: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBookedSessionsByEmail: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                when?: "upcoming" | "past";
            };
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @enum {string|null} */
                            attendance: "present" | "absent" | null;
                            attendees: {
                                email: string | null;
                                name: string;
                            }[];
                            canCancel: boolean;
                            /** Format: date-time */
                            cancelUntil: string;
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            meetingUrl: string | null;
                            /** Format: date-time */
                            paymentDueBy: string | null;
                            placeInLine: number | null;
                            seats: number;
                            session: {
                                /** Format: date-time */
                                classEndDate: string;
                                /** Format: date-time */
                                classStartDate: string;
                                durationMinutes: number;
                                id: string;
                                /** @enum {string|null} */
                                locationKind: "in_person" | "online" | "tba" | null;
                                registrationFee: number;
                                seriesId: string | null;
                                /** @enum {string} */
                                status: "pending" | "approved" | "rejected" | "cancelled";
                                title: string;
                                tutorId: string;
                                tutorName: string;
                                tutorTimeZone: string | null;
                            };
                            sessionId: string;
                            sessionTitle: string;
                            /** @enum {string} */
                            status: "booked" | "waitlisted" | "awaiting_payment";
                            studentEmail: string;
                            tutorEmail: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteBookedSessionsByEmailAndSessionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBookedSessionsCalendarIcsByEmailAndSessionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session as an iCalendar (RFC 5545) file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currency: string;
                        googleSignIn: boolean;
                        paymentProvider: string | null;
                        payments: boolean;
                        singleSignOn: {
                            label: string;
                        } | null;
                        testPayments: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postCreateNote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    details: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        details: string;
                        id: string;
                        studentEmail: string;
                        title: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postCreateSeriesByEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cancellationCutoffHours?: number;
                    classCount?: number;
                    /** Format: date-time */
                    classEndDate: string;
                    /** Format: date-time */
                    classStartDate: string;
                    decisionHoursBefore?: number;
                    description: string;
                    everyWeeks?: number;
                    /** @enum {string} */
                    locationKind?: "in_person" | "online" | "tba";
                    maxParticipants?: number | null;
                    maxSeatsPerBooking?: number;
                    meetingUrl?: string;
                    minimumStudents?: number | null;
                    placeAddress?: string;
                    placeName?: string;
                    /** Format: date-time */
                    registrationEndDate: string;
                    /** Format: date-time */
                    registrationStartDate: string;
                    skipDates?: string[];
                    timeZone?: string;
                    title: string;
                    untilDate?: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        classes: {
                            averageRating: number | null;
                            cancellationCutoffHours: number;
                            cancellationReason: string | null;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decisionAt: string | null;
                            decisionHoursBefore: number | null;
                            description: string;
                            durationMinutes: number;
                            id: string;
                            isOpen: boolean;
                            /** @enum {string|null} */
                            locationKind: "in_person" | "online" | "tba" | null;
                            maxParticipants: number | null;
                            maxSeatsPerBooking: number;
                            /** @enum {string|null} */
                            minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                            minimumStudents: number | null;
                            placeAddress: string | null;
                            placeName: string | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFee: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            reviewCount: number;
                            seatsTaken: number;
                            seriesId: string | null;
                            sessionDuration: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled";
                            studentsNeeded: number;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                            tutorTimeZone: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        id: string;
                        title: string;
                        tutorId: string;
                        tutorName: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postCreateSessionByEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cancellationCutoffHours?: number;
                    /** Format: date-time */
                    classEndDate: string;
                    /** Format: date-time */
                    classStartDate: string;
                    decisionHoursBefore?: number;
                    description: string;
                    /** @enum {string} */
                    locationKind?: "in_person" | "online" | "tba";
                    maxParticipants?: number | null;
                    maxSeatsPerBooking?: number;
                    meetingUrl?: string;
                    minimumStudents?: number | null;
                    placeAddress?: string;
                    placeName?: string;
                    /** Format: date-time */
                    registrationEndDate: string;
                    /** Format: date-time */
                    registrationStartDate: string;
                    seriesId?: string;
                    timeZone?: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        averageRating: number | null;
                        cancellationCutoffHours: number;
                        cancellationReason: string | null;
                        /** Format: date-time */
                        cancelledAt: string | null;
                        /** Format: date-time */
                        classEndDate: string;
                        /** Format: date-time */
                        classStartDate: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        decisionAt: string | null;
                        decisionHoursBefore: number | null;
                        description: string;
                        durationMinutes: number;
                        id: string;
                        isOpen: boolean;
                        /** @enum {string|null} */
                        locationKind: "in_person" | "online" | "tba" | null;
                        maxParticipants: number | null;
                        maxSeatsPerBooking: number;
                        meetingUrl: string | null;
                        /** @enum {string|null} */
                        minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                        minimumStudents: number | null;
                        placeAddress: string | null;
                        placeName: string | null;
                        /** Format: date-time */
                        registrationEndDate: string;
                        registrationFee: number;
                        /** Format: date-time */
                        registrationStartDate: string;
                        rejectionFeedback: string | null;
                        rejectionReason: string | null;
                        reviewCount: number;
                        seatsTaken: number;
                        seriesId: string | null;
                        sessionDuration: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "cancelled";
                        studentsNeeded: number;
                        title: string;
                        tutorEmail: string;
                        tutorId: string;
                        tutorName: string;
                        tutorTimeZone: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        database: "up" | "down";
                        jobs?: {
                            dead: number;
                            failed: number;
                            queued: number;
                            running: number;
                        };
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLtiContinueByCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in (the session cookie): to the link's page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: a page that says why (the launch is not accepted) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description Refused: a page that says why (the launch is not accepted) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description Refused: a page that says why (the launch is not accepted) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description Refused before the route runs (a malformed address, a body too large): `{ message, fields? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        fields?: {
                            [key: string]: string;
                        };
                        message: string;
                    };
                };
            };
        };
    };
    getLtiCourses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** Format: date-time */
                            launchedAt: string;
                            platform: string;
                            rosterAvailable: boolean;
                            title: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postLtiCoursesRosterById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        course: {
                            id: string;
                            /** Format: date-time */
                            launchedAt: string;
                            platform: string;
                            rosterAvailable: boolean;
                            title: string;
                        };
                        members: {
                            account: boolean;
                            booked: boolean;
                            email: string | null;
                            instructor: boolean;
                            name: string;
                            roles: string[];
                            userId: string;
                        }[];
                        truncated: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            /** @description Refused */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        fields?: {
                            [key: string]: string;
                        };
                        message: string;
                    };
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLtiDeepLinksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        platform: string;
                        series: {
                            classCount: number;
                            /** Format: date-time */
                            firstClassStartDate: string;
                            id: string;
                            title: string;
                        }[];
                        sessions: {
                            /** Format: date-time */
                            classStartDate: string;
                            id: string;
                            title: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postLtiDeepLinksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    sessionId: string;
                } | {
                    seriesId: string;
                };
            };
        };
        responses: {
            /** @description A page whose form posts the signed response (JWT) to the platform's return URL, sent at once by its script */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLtiJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postLtiLaunch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    id_token?: string;
                    state?: string;
                };
            };
        };
        responses: {
            /** @description Inside the platform's iframe: a page (which the platform may frame) with a link opening StudyNest in a new window, signed in there */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed in (the session cookie): to the session, tutor's page or All Sessions the link names */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: a page that says why (the launch is not accepted) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description Refused: a page that says why (the launch is not accepted) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description Refused: a page that says why (the launch is not accepted) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLtiLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the platform's authorization URL (Location) with the login's state and nonce */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: a page that says why (the launch is not accepted) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description Refused before the route runs (a malformed address, a body too large): `{ message, fields? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        fields?: {
                            [key: string]: string;
                        };
                        message: string;
                    };
                };
            };
        };
    };
    postLtiLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    client_id?: string;
                    iss?: string;
                    login_hint?: string;
                    lti_deployment_id?: string;
                    lti_message_hint?: string;
                    target_link_uri?: string;
                };
            };
        };
        responses: {
            /** @description To the platform's authorization URL (Location) with the login's state and nonce */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: a page that says why (the launch is not accepted) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description Refused before the route runs (a malformed address, a body too large): `{ message, fields? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        fields?: {
                            [key: string]: string;
                        };
                        message: string;
                    };
                };
            };
        };
    };
    getMaterials: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                sessionId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: date-time */
                            createdAt: string;
                            fileName: string | null;
                            fileSize: number | null;
                            fileUrl: string | null;
                            id: string;
                            /** @enum {string} */
                            kind: "file" | "link";
                            link: string | null;
                            mimeType: string | null;
                            sessionId: string;
                            sessionTitle: string;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postMaterials: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    link: string;
                    sessionId: string;
                    title: string;
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description An image or a PDF, 10 MB at most
                     */
                    file: string;
                    sessionId: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        fileName: string | null;
                        fileSize: number | null;
                        fileUrl: string | null;
                        id: string;
                        /** @enum {string} */
                        kind: "file" | "link";
                        link: string | null;
                        mimeType: string | null;
                        sessionId: string;
                        sessionTitle: string;
                        title: string;
                        tutorId: string;
                        tutorName: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putMaterialsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    link?: string;
                    title: string;
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description An image or a PDF, 10 MB at most
                     */
                    file?: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        fileName: string | null;
                        fileSize: number | null;
                        fileUrl: string | null;
                        id: string;
                        /** @enum {string} */
                        kind: "file" | "link";
                        link: string | null;
                        mimeType: string | null;
                        sessionId: string;
                        sessionTitle: string;
                        title: string;
                        tutorId: string;
                        tutorName: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteMaterialsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMaterialsFileById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (its own Content-Type: a PDF or an image), with Accept-Ranges, ETag and Last-Modified */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description The byte range asked for with Range (and If-Range, when the file has not changed), as Content-Range says */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified: the ETag of If-None-Match (or If-Modified-Since) still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            416: components["responses"]["RangeNotSatisfiable"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        id: string;
                        image: string | null;
                        language: string | null;
                        name: string;
                        /** @enum {string} */
                        role: "student" | "tutor" | "admin";
                        /** @enum {string} */
                        status: "Verified" | "Unverified" | "Blocked" | "Deleted";
                        timeZone: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancelledBookings: number;
                        message: string;
                        refundedBookings: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMeApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            /** Format: date-time */
                            lastUsedAt: string | null;
                            name: string;
                            prefix: string;
                            scopes: ("sessions:read" | "sessions:write" | "bookings:read" | "admin")[];
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postMeApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    scopes: ("sessions:read" | "sessions:write" | "bookings:read" | "admin")[];
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        id: string;
                        /** Format: date-time */
                        lastUsedAt: string | null;
                        name: string;
                        prefix: string;
                        scopes: ("sessions:read" | "sessions:write" | "bookings:read" | "admin")[];
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteMeApiKeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMeCalendarFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string | null;
                        webcalUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postMeCalendarFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string | null;
                        webcalUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMeData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            bio: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            emailVerified: boolean;
                            id: string;
                            image: string | null;
                            /** Format: date-time */
                            lastSeen: string | null;
                            name: string;
                            /** @enum {string} */
                            role: "student" | "tutor" | "admin";
                            signInMethods: string[];
                            /** @enum {string} */
                            status: "Verified" | "Unverified" | "Blocked" | "Deleted";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        auditLog: {
                            action: string;
                            actor: string;
                            /** Format: date-time */
                            at: string;
                            details: {
                                [key: string]: unknown;
                            };
                            targetId: string;
                            targetType: string;
                        }[];
                        bookings: {
                            amountCents: number;
                            /** @enum {string|null} */
                            attendance: "present" | "absent" | null;
                            /** Format: date-time */
                            attendanceMarkedAt: string | null;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            holdExpiresAt: string | null;
                            id: string;
                            sessionId: string;
                            sessionTitle: string;
                            status: string;
                        }[];
                        emails: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @enum {string} */
                            status: "sent" | "waiting to be sent" | "failed";
                            subject: string;
                            text: string | null;
                        }[];
                        /** Format: date-time */
                        exportedAt: string;
                        /** @enum {string} */
                        format: "studynest-my-data/1";
                        materials: {
                            /** Format: date-time */
                            createdAt: string;
                            fileName: string | null;
                            fileSize: number | null;
                            id: string;
                            link: string | null;
                            mimeType: string | null;
                            sessionId: string;
                            title: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        notes: {
                            /** Format: date-time */
                            createdAt: string;
                            details: string;
                            id: string;
                            title: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        notifications: {
                            bookingNotices: boolean;
                            classReminders: boolean;
                        };
                        payments: {
                            amountCents: number;
                            bookingId: string;
                            /** Format: date-time */
                            createdAt: string;
                            paymentRef: string | null;
                            sessionTitle: string;
                            status: string;
                        }[];
                        reviews: {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            rating: number;
                            review: string;
                            sessionId: string;
                            sessionTitle: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        sessions: {
                            bookedCount: number;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            description: string;
                            id: string;
                            maxParticipants: number | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFeeCents: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            status: string;
                            title: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        signIns: {
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            ipAddress: string | null;
                            userAgent: string | null;
                        }[];
                        waitlist: {
                            /** Format: date-time */
                            createdAt: string;
                            sessionId: string;
                            sessionTitle: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMeDataExportsByFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive, as GET /api/me/data.zip gives it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMeDataZip: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description studynest-data.json (the document of GET /api/me/data) and files/… */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description The archive is being built; its link is emailed. Redirects to the settings page, which says so. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMeDeletion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancelledBookings: number;
                        notRefundedBookings: number;
                        refundedBookings: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMeNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bookingNotices: boolean;
                        classReminders: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putMeNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    bookingNotices?: boolean;
                    classReminders?: boolean;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bookingNotices: boolean;
                        classReminders: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putMeTimeZone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    timeZone: string | null;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        id: string;
                        image: string | null;
                        language: string | null;
                        name: string;
                        /** @enum {string} */
                        role: "student" | "tutor" | "admin";
                        /** @enum {string} */
                        status: "Verified" | "Unverified" | "Blocked" | "Deleted";
                        timeZone: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMeTutorProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bio: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putMeTutorProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    bio: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bio: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNoteByEmailAndId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        details: string;
                        id: string;
                        studentEmail: string;
                        title: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putNoteByEmailAndId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    details: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        details: string;
                        id: string;
                        studentEmail: string;
                        title: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteNoteByEmailAndId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNotesByEmail: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: date-time */
                            createdAt: string;
                            details: string;
                            id: string;
                            studentEmail: string;
                            title: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNotificationsUnsubscribe: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description See the notification settings (Location: /dashboard/settings#notifications) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description Refused: the query is not an unsubscribe link */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        fields?: {
                            [key: string]: string;
                        };
                        message: string;
                    };
                };
            };
        };
    };
    postNotificationsUnsubscribe: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    "List-Unsubscribe": "One-Click";
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        turnedOff: ("classReminders" | "bookingNotices")[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPasswordResetByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usable: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postPaymentsConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    checkoutSessionId: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        sessionId: string;
                        /** @enum {string} */
                        status: "booked" | "pending" | "refunded";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPaymentsTestCheckoutsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: number;
                        id: string;
                        sessionId: string;
                        /** @enum {string} */
                        status: "open" | "paid" | "expired";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postPaymentsTestCheckoutsPayById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        successUrl: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postPaymentsWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        received: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postReview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rating: number;
                    review: string;
                    sessionId: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        id: string;
                        rating: number;
                        review: string;
                        sessionId: string;
                        studentName: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        id: string;
                        rating: number;
                        review: string;
                        sessionId: string;
                        studentName: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putReviewById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rating: number;
                    review: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        id: string;
                        rating: number;
                        review: string;
                        sessionId: string;
                        studentName: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSeriesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        classes: {
                            averageRating: number | null;
                            cancellationCutoffHours: number;
                            cancellationReason: string | null;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decisionAt: string | null;
                            decisionHoursBefore: number | null;
                            description: string;
                            durationMinutes: number;
                            id: string;
                            isOpen: boolean;
                            /** @enum {string|null} */
                            locationKind: "in_person" | "online" | "tba" | null;
                            maxParticipants: number | null;
                            maxSeatsPerBooking: number;
                            /** @enum {string|null} */
                            minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                            minimumStudents: number | null;
                            placeAddress: string | null;
                            placeName: string | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFee: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            reviewCount: number;
                            seatsTaken: number;
                            seriesId: string | null;
                            sessionDuration: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled";
                            studentsNeeded: number;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                            tutorTimeZone: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        id: string;
                        title: string;
                        tutorId: string;
                        tutorName: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postSeriesApproveById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    maxParticipants?: number | null;
                    registrationFee: number;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approved: number;
                        series: {
                            classes: {
                                averageRating: number | null;
                                cancellationCutoffHours: number;
                                cancellationReason: string | null;
                                /** Format: date-time */
                                cancelledAt: string | null;
                                /** Format: date-time */
                                classEndDate: string;
                                /** Format: date-time */
                                classStartDate: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                decisionAt: string | null;
                                decisionHoursBefore: number | null;
                                description: string;
                                durationMinutes: number;
                                id: string;
                                isOpen: boolean;
                                /** @enum {string|null} */
                                locationKind: "in_person" | "online" | "tba" | null;
                                maxParticipants: number | null;
                                maxSeatsPerBooking: number;
                                /** @enum {string|null} */
                                minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                                minimumStudents: number | null;
                                placeAddress: string | null;
                                placeName: string | null;
                                /** Format: date-time */
                                registrationEndDate: string;
                                registrationFee: number;
                                /** Format: date-time */
                                registrationStartDate: string;
                                rejectionFeedback: string | null;
                                rejectionReason: string | null;
                                reviewCount: number;
                                seatsTaken: number;
                                seriesId: string | null;
                                sessionDuration: string;
                                /** @enum {string} */
                                status: "pending" | "approved" | "rejected" | "cancelled";
                                studentsNeeded: number;
                                title: string;
                                tutorId: string;
                                tutorName: string;
                                tutorTimeZone: string | null;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            id: string;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postSeriesBookById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fromSessionId: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amountDue: number;
                        booked: number;
                        checkoutUrl: string | null;
                        items: {
                            checkoutUrl: string | null;
                            /** Format: date-time */
                            classStartDate: string;
                            /** @enum {string} */
                            outcome: "booked" | "waitlisted" | "awaiting_payment" | "already" | "closed";
                            placeInLine: number | null;
                            sessionId: string;
                        }[];
                        waitlisted: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postSeriesCancelById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fromSessionId?: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancelled: number;
                        series: {
                            classes: {
                                averageRating: number | null;
                                cancellationCutoffHours: number;
                                cancellationReason: string | null;
                                /** Format: date-time */
                                cancelledAt: string | null;
                                /** Format: date-time */
                                classEndDate: string;
                                /** Format: date-time */
                                classStartDate: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                decisionAt: string | null;
                                decisionHoursBefore: number | null;
                                description: string;
                                durationMinutes: number;
                                id: string;
                                isOpen: boolean;
                                /** @enum {string|null} */
                                locationKind: "in_person" | "online" | "tba" | null;
                                maxParticipants: number | null;
                                maxSeatsPerBooking: number;
                                /** @enum {string|null} */
                                minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                                minimumStudents: number | null;
                                placeAddress: string | null;
                                placeName: string | null;
                                /** Format: date-time */
                                registrationEndDate: string;
                                registrationFee: number;
                                /** Format: date-time */
                                registrationStartDate: string;
                                rejectionFeedback: string | null;
                                rejectionReason: string | null;
                                reviewCount: number;
                                seatsTaken: number;
                                seriesId: string | null;
                                sessionDuration: string;
                                /** @enum {string} */
                                status: "pending" | "approved" | "rejected" | "cancelled";
                                studentsNeeded: number;
                                title: string;
                                tutorId: string;
                                tutorName: string;
                                tutorTimeZone: string | null;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            id: string;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSessionByEmailAndId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        averageRating: number | null;
                        cancellationCutoffHours: number;
                        cancellationReason: string | null;
                        /** Format: date-time */
                        cancelledAt: string | null;
                        /** Format: date-time */
                        classEndDate: string;
                        /** Format: date-time */
                        classStartDate: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        decisionAt: string | null;
                        decisionHoursBefore: number | null;
                        description: string;
                        durationMinutes: number;
                        id: string;
                        isOpen: boolean;
                        /** @enum {string|null} */
                        locationKind: "in_person" | "online" | "tba" | null;
                        maxParticipants: number | null;
                        maxSeatsPerBooking: number;
                        meetingUrl: string | null;
                        /** @enum {string|null} */
                        minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                        minimumStudents: number | null;
                        placeAddress: string | null;
                        placeName: string | null;
                        /** Format: date-time */
                        registrationEndDate: string;
                        registrationFee: number;
                        /** Format: date-time */
                        registrationStartDate: string;
                        rejectionFeedback: string | null;
                        rejectionReason: string | null;
                        reviewCount: number;
                        seatsTaken: number;
                        seriesId: string | null;
                        sessionDuration: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "cancelled";
                        studentsNeeded: number;
                        title: string;
                        tutorEmail: string;
                        tutorId: string;
                        tutorName: string;
                        tutorTimeZone: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putSessionByEmailAndId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cancellationCutoffHours?: number;
                    /** Format: date-time */
                    classEndDate?: string;
                    /** Format: date-time */
                    classStartDate?: string;
                    decisionHoursBefore?: number;
                    description?: string;
                    /** @enum {string} */
                    locationKind?: "in_person" | "online" | "tba";
                    maxParticipants?: number | null;
                    maxSeatsPerBooking?: number;
                    meetingUrl?: string;
                    minimumStudents?: number | null;
                    placeAddress?: string;
                    placeName?: string;
                    /** Format: date-time */
                    registrationEndDate?: string;
                    /** Format: date-time */
                    registrationStartDate?: string;
                    timeZone?: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        averageRating: number | null;
                        cancellationCutoffHours: number;
                        cancellationReason: string | null;
                        /** Format: date-time */
                        cancelledAt: string | null;
                        /** Format: date-time */
                        classEndDate: string;
                        /** Format: date-time */
                        classStartDate: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        decisionAt: string | null;
                        decisionHoursBefore: number | null;
                        description: string;
                        durationMinutes: number;
                        id: string;
                        isOpen: boolean;
                        /** @enum {string|null} */
                        locationKind: "in_person" | "online" | "tba" | null;
                        maxParticipants: number | null;
                        maxSeatsPerBooking: number;
                        meetingUrl: string | null;
                        /** @enum {string|null} */
                        minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                        minimumStudents: number | null;
                        placeAddress: string | null;
                        placeName: string | null;
                        /** Format: date-time */
                        registrationEndDate: string;
                        registrationFee: number;
                        /** Format: date-time */
                        registrationStartDate: string;
                        rejectionFeedback: string | null;
                        rejectionReason: string | null;
                        reviewCount: number;
                        seatsTaken: number;
                        seriesId: string | null;
                        sessionDuration: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "cancelled";
                        studentsNeeded: number;
                        title: string;
                        tutorEmail: string;
                        tutorId: string;
                        tutorName: string;
                        tutorTimeZone: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteSessionByEmailAndId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSessionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        averageRating: number | null;
                        cancellationCutoffHours: number;
                        cancellationReason: string | null;
                        /** Format: date-time */
                        cancelledAt: string | null;
                        /** Format: date-time */
                        classEndDate: string;
                        /** Format: date-time */
                        classStartDate: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        decisionAt: string | null;
                        decisionHoursBefore: number | null;
                        description: string;
                        durationMinutes: number;
                        id: string;
                        isOpen: boolean;
                        /** @enum {string|null} */
                        locationKind: "in_person" | "online" | "tba" | null;
                        maxParticipants: number | null;
                        maxSeatsPerBooking: number;
                        meetingUrl: string | null;
                        /** @enum {string|null} */
                        minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                        minimumStudents: number | null;
                        placeAddress: string | null;
                        placeName: string | null;
                        /** Format: date-time */
                        registrationEndDate: string;
                        registrationFee: number;
                        /** Format: date-time */
                        registrationStartDate: string;
                        rejectionFeedback: string | null;
                        rejectionReason: string | null;
                        reviewCount: number;
                        seatsTaken: number;
                        seriesId: string | null;
                        sessionDuration: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "cancelled";
                        studentsNeeded: number;
                        title: string;
                        tutorEmail: string | null;
                        tutorId: string;
                        tutorName: string;
                        tutorTimeZone: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        waitlistLength: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSessions: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                open?: boolean | string;
                q?: string;
                sort?: "class" | "newest";
                when?: "upcoming" | "past";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            averageRating: number | null;
                            cancellationCutoffHours: number;
                            cancellationReason: string | null;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decisionAt: string | null;
                            decisionHoursBefore: number | null;
                            description: string;
                            durationMinutes: number;
                            id: string;
                            isOpen: boolean;
                            /** @enum {string|null} */
                            locationKind: "in_person" | "online" | "tba" | null;
                            maxParticipants: number | null;
                            maxSeatsPerBooking: number;
                            mine?: {
                                /** Format: date-time */
                                paymentDueBy: string | null;
                                placeInLine: number | null;
                                /** @enum {string} */
                                status: "booked" | "waitlisted" | "awaiting_payment";
                            } | null;
                            /** @enum {string|null} */
                            minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                            minimumStudents: number | null;
                            placeAddress: string | null;
                            placeName: string | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFee: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            reviewCount: number;
                            seatsTaken: number;
                            seriesId: string | null;
                            sessionDuration: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled";
                            studentsNeeded: number;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                            tutorTimeZone: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postSessionsApproveById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    maxParticipants?: number | null;
                    registrationFee: number;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        averageRating: number | null;
                        cancellationCutoffHours: number;
                        cancellationReason: string | null;
                        /** Format: date-time */
                        cancelledAt: string | null;
                        /** Format: date-time */
                        classEndDate: string;
                        /** Format: date-time */
                        classStartDate: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        decisionAt: string | null;
                        decisionHoursBefore: number | null;
                        description: string;
                        durationMinutes: number;
                        id: string;
                        isOpen: boolean;
                        /** @enum {string|null} */
                        locationKind: "in_person" | "online" | "tba" | null;
                        maxParticipants: number | null;
                        maxSeatsPerBooking: number;
                        meetingUrl: string | null;
                        /** @enum {string|null} */
                        minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                        minimumStudents: number | null;
                        placeAddress: string | null;
                        placeName: string | null;
                        /** Format: date-time */
                        registrationEndDate: string;
                        registrationFee: number;
                        /** Format: date-time */
                        registrationStartDate: string;
                        rejectionFeedback: string | null;
                        rejectionReason: string | null;
                        reviewCount: number;
                        seatsTaken: number;
                        seriesId: string | null;
                        sessionDuration: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "cancelled";
                        studentsNeeded: number;
                        title: string;
                        tutorEmail: string;
                        tutorId: string;
                        tutorName: string;
                        tutorTimeZone: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putSessionsAttendanceByIdAndStudentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                studentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    attendance: "present" | "absent";
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        attendance: "present" | "absent";
                        studentId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postSessionsAttendanceAllPresentById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        marked: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postSessionsCancelById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        averageRating: number | null;
                        cancellationCutoffHours: number;
                        cancellationReason: string | null;
                        /** Format: date-time */
                        cancelledAt: string | null;
                        /** Format: date-time */
                        classEndDate: string;
                        /** Format: date-time */
                        classStartDate: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        decisionAt: string | null;
                        decisionHoursBefore: number | null;
                        description: string;
                        durationMinutes: number;
                        id: string;
                        isOpen: boolean;
                        /** @enum {string|null} */
                        locationKind: "in_person" | "online" | "tba" | null;
                        maxParticipants: number | null;
                        maxSeatsPerBooking: number;
                        meetingUrl: string | null;
                        /** @enum {string|null} */
                        minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                        minimumStudents: number | null;
                        placeAddress: string | null;
                        placeName: string | null;
                        /** Format: date-time */
                        registrationEndDate: string;
                        registrationFee: number;
                        /** Format: date-time */
                        registrationStartDate: string;
                        rejectionFeedback: string | null;
                        rejectionReason: string | null;
                        reviewCount: number;
                        seatsTaken: number;
                        seriesId: string | null;
                        sessionDuration: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "cancelled";
                        studentsNeeded: number;
                        title: string;
                        tutorEmail: string;
                        tutorId: string;
                        tutorName: string;
                        tutorTimeZone: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSessionsMyReviewById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        review: {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            rating: number;
                            review: string;
                            sessionId: string;
                            studentName: string;
                            /** Format: date-time */
                            updatedAt: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postSessionsRejectById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    feedback: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        averageRating: number | null;
                        cancellationCutoffHours: number;
                        cancellationReason: string | null;
                        /** Format: date-time */
                        cancelledAt: string | null;
                        /** Format: date-time */
                        classEndDate: string;
                        /** Format: date-time */
                        classStartDate: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        decisionAt: string | null;
                        decisionHoursBefore: number | null;
                        description: string;
                        durationMinutes: number;
                        id: string;
                        isOpen: boolean;
                        /** @enum {string|null} */
                        locationKind: "in_person" | "online" | "tba" | null;
                        maxParticipants: number | null;
                        maxSeatsPerBooking: number;
                        meetingUrl: string | null;
                        /** @enum {string|null} */
                        minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                        minimumStudents: number | null;
                        placeAddress: string | null;
                        placeName: string | null;
                        /** Format: date-time */
                        registrationEndDate: string;
                        registrationFee: number;
                        /** Format: date-time */
                        registrationStartDate: string;
                        rejectionFeedback: string | null;
                        rejectionReason: string | null;
                        reviewCount: number;
                        seatsTaken: number;
                        seriesId: string | null;
                        sessionDuration: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "cancelled";
                        studentsNeeded: number;
                        title: string;
                        tutorEmail: string;
                        tutorId: string;
                        tutorName: string;
                        tutorTimeZone: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postSessionsRescheduleById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    classEndDate: string;
                    /** Format: date-time */
                    classStartDate: string;
                    /** @enum {string} */
                    locationKind?: "in_person" | "online" | "tba";
                    meetingUrl?: string;
                    message: string;
                    placeAddress?: string;
                    placeName?: string;
                    /** Format: date-time */
                    registrationEndDate?: string;
                    timeZone?: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        averageRating: number | null;
                        cancellationCutoffHours: number;
                        cancellationReason: string | null;
                        /** Format: date-time */
                        cancelledAt: string | null;
                        /** Format: date-time */
                        classEndDate: string;
                        /** Format: date-time */
                        classStartDate: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        decisionAt: string | null;
                        decisionHoursBefore: number | null;
                        description: string;
                        durationMinutes: number;
                        id: string;
                        isOpen: boolean;
                        /** @enum {string|null} */
                        locationKind: "in_person" | "online" | "tba" | null;
                        maxParticipants: number | null;
                        maxSeatsPerBooking: number;
                        meetingUrl: string | null;
                        /** @enum {string|null} */
                        minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                        minimumStudents: number | null;
                        placeAddress: string | null;
                        placeName: string | null;
                        /** Format: date-time */
                        registrationEndDate: string;
                        registrationFee: number;
                        /** Format: date-time */
                        registrationStartDate: string;
                        rejectionFeedback: string | null;
                        rejectionReason: string | null;
                        reviewCount: number;
                        seatsTaken: number;
                        seriesId: string | null;
                        sessionDuration: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "cancelled";
                        studentsNeeded: number;
                        title: string;
                        tutorEmail: string;
                        tutorId: string;
                        tutorName: string;
                        tutorTimeZone: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postSessionsResubmitById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        averageRating: number | null;
                        cancellationCutoffHours: number;
                        cancellationReason: string | null;
                        /** Format: date-time */
                        cancelledAt: string | null;
                        /** Format: date-time */
                        classEndDate: string;
                        /** Format: date-time */
                        classStartDate: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        decisionAt: string | null;
                        decisionHoursBefore: number | null;
                        description: string;
                        durationMinutes: number;
                        id: string;
                        isOpen: boolean;
                        /** @enum {string|null} */
                        locationKind: "in_person" | "online" | "tba" | null;
                        maxParticipants: number | null;
                        maxSeatsPerBooking: number;
                        meetingUrl: string | null;
                        /** @enum {string|null} */
                        minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                        minimumStudents: number | null;
                        placeAddress: string | null;
                        placeName: string | null;
                        /** Format: date-time */
                        registrationEndDate: string;
                        registrationFee: number;
                        /** Format: date-time */
                        registrationStartDate: string;
                        rejectionFeedback: string | null;
                        rejectionReason: string | null;
                        reviewCount: number;
                        seatsTaken: number;
                        seriesId: string | null;
                        sessionDuration: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "cancelled";
                        studentsNeeded: number;
                        title: string;
                        tutorEmail: string;
                        tutorId: string;
                        tutorName: string;
                        tutorTimeZone: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSessionsReviewsById: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        average: number | null;
                        count: number;
                        items: {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            rating: number;
                            review: string;
                            sessionId: string;
                            studentName: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSessionsRosterById: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bookedCount: number;
                        items: {
                            /** @enum {string|null} */
                            attendance: "present" | "absent" | null;
                            attendees: {
                                email: string | null;
                                name: string;
                            }[];
                            email: string;
                            name: string;
                            placeInLine: number | null;
                            seats: number;
                            since: string;
                            /** @enum {string} */
                            status: "booked" | "waitlisted" | "awaiting_payment";
                            studentId: string;
                        }[];
                        maxParticipants: number | null;
                        nextCursor: string | null;
                        waitlistCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSessionsRosterCsvById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 4180 CSV, spreadsheet-safe */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postSessionsWaitlistById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string|null} */
                        attendance: "present" | "absent" | null;
                        attendees: {
                            email: string | null;
                            name: string;
                        }[];
                        canCancel: boolean;
                        /** Format: date-time */
                        cancelUntil: string;
                        /** Format: date-time */
                        createdAt: string;
                        id: string;
                        meetingUrl: string | null;
                        /** Format: date-time */
                        paymentDueBy: string | null;
                        placeInLine: number | null;
                        seats: number;
                        session: {
                            averageRating: number | null;
                            cancellationCutoffHours: number;
                            cancellationReason: string | null;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decisionAt: string | null;
                            decisionHoursBefore: number | null;
                            description: string;
                            durationMinutes: number;
                            id: string;
                            isOpen: boolean;
                            /** @enum {string|null} */
                            locationKind: "in_person" | "online" | "tba" | null;
                            maxParticipants: number | null;
                            maxSeatsPerBooking: number;
                            /** @enum {string|null} */
                            minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                            minimumStudents: number | null;
                            placeAddress: string | null;
                            placeName: string | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFee: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            reviewCount: number;
                            seatsTaken: number;
                            seriesId: string | null;
                            sessionDuration: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled";
                            studentsNeeded: number;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                            tutorTimeZone: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        sessionId: string;
                        sessionTitle: string;
                        /** @enum {string} */
                        status: "booked" | "waitlisted" | "awaiting_payment";
                        studentEmail: string;
                        tutorEmail: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteSessionsWaitlistById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postSsoStart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    from?: string;
                };
            };
        };
        responses: {
            /** @description To the provider's authorization page (Location), with the sign-in's state cookie; the provider unreachable: to /login?sso=failed */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description Refused: a form of another site (403), or no provider configured (404) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        fields?: {
                            [key: string]: string;
                        };
                        message: string;
                    };
                };
            };
        };
    };
    getTutors: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            name: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTutorsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        averageRating: number | null;
                        bio: string | null;
                        id: string;
                        image: string | null;
                        name: string;
                        past: {
                            averageRating: number | null;
                            cancellationCutoffHours: number;
                            cancellationReason: string | null;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decisionAt: string | null;
                            decisionHoursBefore: number | null;
                            description: string;
                            durationMinutes: number;
                            id: string;
                            isOpen: boolean;
                            /** @enum {string|null} */
                            locationKind: "in_person" | "online" | "tba" | null;
                            maxParticipants: number | null;
                            maxSeatsPerBooking: number;
                            /** @enum {string|null} */
                            minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                            minimumStudents: number | null;
                            placeAddress: string | null;
                            placeName: string | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFee: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            reviewCount: number;
                            seatsTaken: number;
                            seriesId: string | null;
                            sessionDuration: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled";
                            studentsNeeded: number;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                            tutorTimeZone: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        reviewCount: number;
                        upcoming: {
                            averageRating: number | null;
                            cancellationCutoffHours: number;
                            cancellationReason: string | null;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decisionAt: string | null;
                            decisionHoursBefore: number | null;
                            description: string;
                            durationMinutes: number;
                            id: string;
                            isOpen: boolean;
                            /** @enum {string|null} */
                            locationKind: "in_person" | "online" | "tba" | null;
                            maxParticipants: number | null;
                            maxSeatsPerBooking: number;
                            /** @enum {string|null} */
                            minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                            minimumStudents: number | null;
                            placeAddress: string | null;
                            placeName: string | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFee: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            reviewCount: number;
                            seatsTaken: number;
                            seriesId: string | null;
                            sessionDuration: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled";
                            studentsNeeded: number;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                            tutorTimeZone: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postUploads: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A PNG, JPEG, WebP, GIF or AVIF image, 2 MB at most
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUploadsByName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The photo (WebP), with Accept-Ranges, ETag and Last-Modified */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": string;
                };
            };
            /** @description The byte range asked for with Range (and If-Range, when the file has not changed), as Content-Range says */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": string;
                };
            };
            /** @description Not modified: the ETag of If-None-Match (or If-Modified-Since) still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            416: components["responses"]["RangeNotSatisfiable"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image?: string | null;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        id: string;
                        image: string | null;
                        language: string | null;
                        name: string;
                        /** @enum {string} */
                        role: "student" | "tutor" | "admin";
                        /** @enum {string} */
                        status: "Verified" | "Unverified" | "Blocked" | "Deleted";
                        timeZone: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUserByEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        /** @enum {string} */
                        role: "student" | "tutor" | "admin";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUsers: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                q?: string;
                role?: "student" | "tutor" | "admin";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            email: string;
                            id: string;
                            image: string | null;
                            /** Format: date-time */
                            lastSeen: string | null;
                            name: string;
                            /** @enum {string} */
                            role: "student" | "tutor" | "admin";
                            /** @enum {string} */
                            status: "Verified" | "Unverified" | "Blocked" | "Deleted";
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancelledBookings: number;
                        message: string;
                        refundedBookings: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    blocked?: boolean;
                    /** @enum {string} */
                    role?: "student" | "tutor" | "admin";
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        id: string;
                        image: string | null;
                        /** Format: date-time */
                        lastSeen: string | null;
                        name: string;
                        /** @enum {string} */
                        role: "student" | "tutor" | "admin";
                        /** @enum {string} */
                        status: "Verified" | "Unverified" | "Blocked" | "Deleted";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUsersDataById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            bio: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            emailVerified: boolean;
                            id: string;
                            image: string | null;
                            /** Format: date-time */
                            lastSeen: string | null;
                            name: string;
                            /** @enum {string} */
                            role: "student" | "tutor" | "admin";
                            signInMethods: string[];
                            /** @enum {string} */
                            status: "Verified" | "Unverified" | "Blocked" | "Deleted";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        auditLog: {
                            action: string;
                            actor: string;
                            /** Format: date-time */
                            at: string;
                            details: {
                                [key: string]: unknown;
                            };
                            targetId: string;
                            targetType: string;
                        }[];
                        bookings: {
                            amountCents: number;
                            /** @enum {string|null} */
                            attendance: "present" | "absent" | null;
                            /** Format: date-time */
                            attendanceMarkedAt: string | null;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            holdExpiresAt: string | null;
                            id: string;
                            sessionId: string;
                            sessionTitle: string;
                            status: string;
                        }[];
                        emails: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @enum {string} */
                            status: "sent" | "waiting to be sent" | "failed";
                            subject: string;
                            text: string | null;
                        }[];
                        /** Format: date-time */
                        exportedAt: string;
                        /** @enum {string} */
                        format: "studynest-my-data/1";
                        materials: {
                            /** Format: date-time */
                            createdAt: string;
                            fileName: string | null;
                            fileSize: number | null;
                            id: string;
                            link: string | null;
                            mimeType: string | null;
                            sessionId: string;
                            title: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        notes: {
                            /** Format: date-time */
                            createdAt: string;
                            details: string;
                            id: string;
                            title: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        notifications: {
                            bookingNotices: boolean;
                            classReminders: boolean;
                        };
                        payments: {
                            amountCents: number;
                            bookingId: string;
                            /** Format: date-time */
                            createdAt: string;
                            paymentRef: string | null;
                            sessionTitle: string;
                            status: string;
                        }[];
                        reviews: {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            rating: number;
                            review: string;
                            sessionId: string;
                            sessionTitle: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        sessions: {
                            bookedCount: number;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            description: string;
                            id: string;
                            maxParticipants: number | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFeeCents: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            status: string;
                            title: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        signIns: {
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            ipAddress: string | null;
                            userAgent: string | null;
                        }[];
                        waitlist: {
                            /** Format: date-time */
                            createdAt: string;
                            sessionId: string;
                            sessionTitle: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getViewBookedSessionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string|null} */
                        attendance: "present" | "absent" | null;
                        attendees: {
                            email: string | null;
                            name: string;
                        }[];
                        canCancel: boolean;
                        /** Format: date-time */
                        cancelUntil: string;
                        /** Format: date-time */
                        createdAt: string;
                        id: string;
                        meetingUrl: string | null;
                        /** Format: date-time */
                        paymentDueBy: string | null;
                        placeInLine: number | null;
                        seats: number;
                        session: {
                            averageRating: number | null;
                            cancellationCutoffHours: number;
                            cancellationReason: string | null;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decisionAt: string | null;
                            decisionHoursBefore: number | null;
                            description: string;
                            durationMinutes: number;
                            id: string;
                            isOpen: boolean;
                            /** @enum {string|null} */
                            locationKind: "in_person" | "online" | "tba" | null;
                            maxParticipants: number | null;
                            maxSeatsPerBooking: number;
                            /** @enum {string|null} */
                            minimumStatus: "undecided" | "confirmed" | "called_off" | null;
                            minimumStudents: number | null;
                            placeAddress: string | null;
                            placeName: string | null;
                            /** Format: date-time */
                            registrationEndDate: string;
                            registrationFee: number;
                            /** Format: date-time */
                            registrationStartDate: string;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            reviewCount: number;
                            seatsTaken: number;
                            seriesId: string | null;
                            sessionDuration: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled";
                            studentsNeeded: number;
                            title: string;
                            tutorId: string;
                            tutorName: string;
                            tutorTimeZone: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        sessionId: string;
                        sessionTitle: string;
                        /** @enum {string} */
                        status: "booked" | "waitlisted" | "awaiting_payment";
                        studentEmail: string;
                        tutorEmail: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getViewSessionsByEmail: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: date-time */
                            classEndDate: string;
                            /** Format: date-time */
                            classStartDate: string;
                            id: string;
                            maxParticipants: number | null;
                            rejectionFeedback: string | null;
                            rejectionReason: string | null;
                            seatsTaken: number;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled";
                            title: string;
                            tutorTimeZone: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: date-time */
                            createdAt: string;
                            events: ("booking.created" | "booking.cancelled" | "waitlist.promoted" | "session.approved" | "session.cancelled" | "session.rescheduled" | "payment.refunded")[];
                            id: string;
                            url: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    postWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: ("booking.created" | "booking.cancelled" | "waitlist.promoted" | "session.approved" | "session.cancelled" | "session.rescheduled" | "payment.refunded")[];
                    /** Format: uri */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        events: ("booking.created" | "booking.cancelled" | "waitlist.promoted" | "session.approved" | "session.cancelled" | "session.rescheduled" | "payment.refunded")[];
                        id: string;
                        secret: string;
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhooksDeliveriesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            attempts: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** @enum {string} */
                            event: "booking.created" | "booking.cancelled" | "waitlist.promoted" | "session.approved" | "session.cancelled" | "session.rescheduled" | "payment.refunded";
                            id: string;
                            /** Format: date-time */
                            lastAt: string;
                            lastBody: string;
                            lastStatus: number | null;
                            /** @enum {string} */
                            status: "delivered" | "retrying" | "failed";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCalendarByFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sessions booked or taught, upcoming and from the last 30 days (RFC 5545) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Done (no content) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
