import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '#web/components/text-field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { meQueryKey } from '#web/features/auth/api/use-me.ts';
import { useRequestPasswordReset } from '#web/features/auth/api/use-request-password-reset.ts';
import { useSignIn } from '#web/features/auth/api/use-sign-in.ts';
import { GoogleSignInButton } from '#web/features/auth/components/google-sign-in-button.tsx';

export function LoginPage() {
  useTitle('Login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset();
  const queryClient = useQueryClient();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await signIn.mutateAsync({ email, password });
    } catch (error) {
      await showErrorDialog('Login Failed', errorMessage(error));
      return;
    }
    await showSuccessToast('Login Successful');
    // Once ['me'] holds the user, RedirectIfSignedIn returns them to `?from=` (default /).
    await queryClient.refetchQueries({ queryKey: meQueryKey });
  }

  async function handleForgotPassword() {
    if (!email.trim()) {
      await showErrorDialog('Email is required');
      return;
    }
    try {
      await requestReset.mutateAsync(email.trim());
    } catch (error) {
      await showErrorDialog('Password reset failed', errorMessage(error));
      return;
    }
    await showSuccessToast('Password reset link sent to your email');
  }

  return (
    <section className="mx-auto w-full max-w-md">
      <div className="card bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">Log in to your account</h1>
          <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <div>
              <button
                type="button"
                className="btn btn-link btn-sm px-0"
                onClick={() => void handleForgotPassword()}
                disabled={requestReset.isPending}
              >
                Forgot password?
              </button>
            </div>
            <button type="submit" className="btn btn-primary w-full" disabled={signIn.isPending}>
              {signIn.isPending ? 'Logging in…' : 'Log In'}
            </button>
          </form>
          <GoogleSignInButton />
          <p className="text-center text-sm">
            New to StudyNest?{' '}
            <Link to="/register" className="link link-primary">
              Register
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
