import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorDialog } from '../../components/ErrorDialog';
import { iam, isRefusal, type SignInRequest } from '../../lib/auth/iamClient';
import { purchaserRoleForSignIn, saveSession } from '../../lib/auth/session';
import { usePageTitle } from '../../lib/usePageTitle';
import { EmailStep, OtpStep, PasswordStep, type EmailForm } from './StepForms';

type Step = 'email' | 'password' | 'otp';

/** Where to go after signing in: the page the visitor came from (same-origin paths only), else My Account. */
export function destinationAfterSignIn(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // "//evil.example" is a path to the browser but another site; only plain in-app paths are followed.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/sign-in') ? from : '/my-account';
}

/**
 * Sign-in in three steps (spec part 1 section 2): email, then password or straight to the code
 * when the account's sign-in type is `otp`, then the 6-digit code sent to the registered email
 * and phone. The server's `display_message` is shown inside the form; an outage or a bug gets the
 * "Uh oh." dialog instead, because the visitor cannot fix those by typing.
 */
export function SignInPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>('email');
  const [account, setAccount] = useState<EmailForm>({ email: '', remember: false });
  const [password, setPassword] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [unexpected, setUnexpected] = useState(false);

  const fail = (e: unknown) => {
    if (isRefusal(e)) setError(e.displayMessage);
    else setUnexpected(true);
  };

  /** Runs one server exchange with the busy flag and error handling shared by every step. */
  const run = async (work: () => Promise<void>, setFlag: (v: boolean) => void = setBusy) => {
    setFlag(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (e) {
      fail(e);
    } finally {
      setFlag(false);
    }
  };

  const sendOtpTo = (email: string) => iam.sendOtp({ email, sendOn: 'EMAIL' });
  const requestBase = (): Pick<SignInRequest, 'email' | 'role'> => ({ email: account.email, role: purchaserRoleForSignIn() });

  const onEmail = (values: EmailForm) =>
    run(async () => {
      setAccount(values);
      const type = await iam.signInType(values.email);
      if (type === 'otp') {
        // An otp account has no password: the code goes out as soon as the type is known.
        await sendOtpTo(values.email);
        setPassword(null);
        setStep('otp');
      } else {
        setStep('password');
      }
    });

  const onPassword = ({ password: typed }: { password: string }) =>
    run(async () => {
      const answer = await iam.signIn({ ...requestBase(), password: typed });
      setPassword(typed);
      if (answer.status === 'SIGNED_IN') finish(answer);
      else setStep('otp');
    });

  const onOtp = ({ otp }: { otp: string }) =>
    run(async () => {
      const answer = await iam.signIn({ ...requestBase(), otp, ...(password !== null ? { password } : {}) });
      if (answer.status !== 'SIGNED_IN') throw new Error(`Unexpected sign-in answer ${answer.status}`);
      finish(answer);
    });

  // A password account gets a new code by repeating the password step; an otp account asks for one.
  const onResend = () =>
    run(async () => {
      if (password !== null) await iam.signIn({ ...requestBase(), password });
      else await sendOtpTo(account.email);
      setNotice('A new code is on its way.');
    }, setResending);

  function finish(answer: Parameters<typeof saveSession>[0]) {
    saveSession(answer, account.remember);
    void navigate(destinationAfterSignIn(location.state), { replace: true });
  }

  const backToEmail = () => {
    setError(null);
    setNotice(null);
    setPassword(null);
    setStep('email');
  };

  return (
    <section className="section sign-in-section" aria-labelledby="sign-in-step-title">
      <div className="sign-in-card card shadow-sm mx-auto">
        <div className="card-body p-4 p-md-5">
          {step === 'email' && <EmailStep key="email" busy={busy} error={error} onSubmit={onEmail} defaults={account} />}
          {step === 'password' && <PasswordStep key="password" busy={busy} error={error} onSubmit={onPassword} email={account.email} onChangeEmail={backToEmail} />}
          {step === 'otp' && (
            <OtpStep
              key="otp"
              busy={busy}
              error={error}
              onSubmit={onOtp}
              email={account.email}
              onChangeEmail={backToEmail}
              onResend={onResend}
              resending={resending}
              notice={notice}
            />
          )}
        </div>
      </div>
      <ErrorDialog show={unexpected} onClose={() => setUnexpected(false)} />
    </section>
  );
}
