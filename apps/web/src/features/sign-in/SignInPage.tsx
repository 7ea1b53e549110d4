import type { SentTo } from '@fhp/domain';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { VERIFY_OTP_FAILED } from '../../components/errorTexts';
import { LazyErrorDialog, preloadErrorDialog } from '../../components/LazyErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { iam, isRefusal, type SignInRequest } from '../../lib/auth/iamClient';
import { saveSession } from '../../lib/auth/session';
import { purchaserRoleForSignIn } from '../../lib/config/appConfig';
import { usePageTitle } from '../../lib/usePageTitle';
import { EmailStep, type EmailForm } from './EmailStep';

// The password and code steps (with their form and schema libraries) load once an email is entered.
const loadStepForms = () => import('./StepForms');
const PasswordStep = lazy(() => loadStepForms().then((m) => ({ default: m.PasswordStep })));
const OtpStep = lazy(() => loadStepForms().then((m) => ({ default: m.OtpStep })));

type Step = 'email' | 'password' | 'otp';

/** What the "Uh oh." dialog says about the last failure. */
interface Failure {
  description?: string;
  detail?: string;
}

/** Where to go after signing in: the page the visitor came from (same-origin paths only), else My Account. */
export function destinationAfterSignIn(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // "//evil.example" is a path to the browser but another site; only plain in-app paths are followed.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/sign-in') ? from : '/my-account';
}

/**
 * Sign-in in three steps (spec part 1 section 2): email, then password or straight to the code
 * when the account's sign-in type is `otp`, then the 6-digit code sent to the registered email
 * and phone (the screen says where it really went). A failed step opens the "Uh oh." dialog
 * (spec part 1 section 8): a wrong code as "Verify OTP Failed", a refused password with the
 * server's sentence, an outage with the generic text; the server's sentence also stays in the form.
 * Every sign-in request carries the purchaser role's uuid from the application configuration.
 */
export function SignInPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>('email');
  const [account, setAccount] = useState<EmailForm>({ email: '', remember: false });
  const [password, setPassword] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<SentTo>(['EMAIL', 'PHONE']);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const fail = (e: unknown, during: Step) => {
    if (!isRefusal(e)) {
      setFailure({});
      return;
    }
    setError(e.displayMessage);
    setFailure(during === 'otp' ? { description: VERIFY_OTP_FAILED, detail: e.displayMessage } : { description: e.displayMessage });
  };

  /** Runs one server exchange with the busy flag and error handling shared by every step. */
  const run = async (during: Step, work: () => Promise<void>, setFlag: (v: boolean) => void = setBusy) => {
    // The dialog that would tell of a failure loads while the server answers.
    preloadErrorDialog();
    setFlag(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (e) {
      fail(e, during);
    } finally {
      setFlag(false);
    }
  };

  // The email alone: the server sends the code to the account's registered email and phone.
  const sendOtpTo = async (email: string) => setSentTo((await iam.sendOtp({ email })).sentTo);
  const requestBase = async (): Promise<Pick<SignInRequest, 'email' | 'role'>> => ({ email: account.email, role: await purchaserRoleForSignIn() });

  const onEmail = (values: EmailForm) => {
    void loadStepForms().catch(() => undefined); // the next step's chunk, while the server answers
    return run('email', async () => {
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
  };

  const onPassword = ({ password: typed }: { password: string }) =>
    run('password', async () => {
      const answer = await iam.signIn({ ...(await requestBase()), password: typed });
      setPassword(typed);
      if (answer.status === 'SIGNED_IN') return finish(answer);
      setSentTo(answer.sentTo);
      setStep('otp');
    });

  const onOtp = ({ otp }: { otp: string }) =>
    run('otp', async () => {
      const answer = await iam.signIn({ ...(await requestBase()), otp, ...(password !== null ? { password } : {}) });
      if (answer.status !== 'SIGNED_IN') throw new Error(`Unexpected sign-in answer ${answer.status}`);
      finish(answer);
    });

  // A password account gets a new code by repeating the password step; an otp account asks for one.
  const onResend = () =>
    run(
      'email',
      async () => {
        if (password !== null) {
          const answer = await iam.signIn({ ...(await requestBase()), password });
          if (answer.status === 'OTP_SENT') setSentTo(answer.sentTo);
        } else {
          await sendOtpTo(account.email);
        }
        setNotice('A new code is on its way.');
      },
      setResending,
    );

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
          {step === 'email' && <EmailStep key="email" busy={busy} error={error} onSubmit={(values) => void onEmail(values)} defaults={account} />}
          <Suspense fallback={<LoadingScreen />}>
            {step === 'password' && <PasswordStep key="password" busy={busy} error={error} onSubmit={onPassword} email={account.email} onChangeEmail={backToEmail} />}
            {step === 'otp' && (
              <OtpStep
                key="otp"
                busy={busy}
                error={error}
                onSubmit={onOtp}
                email={account.email}
                sentTo={sentTo}
                onChangeEmail={backToEmail}
                onResend={onResend}
                resending={resending}
                notice={notice}
              />
            )}
          </Suspense>
        </div>
      </div>
      <LazyErrorDialog show={failure !== null} description={failure?.description} detail={failure?.detail} onClose={() => setFailure(null)} />
    </section>
  );
}
