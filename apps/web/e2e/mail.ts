/** The next code mailed to `email`, read from the SMTP capture of `server-with-mail.ts`. */
export async function readMailedCode(email: string, timeoutMs = 10_000): Promise<string> {
  const port = process.env.E2E_MAIL_PORT ?? '3101';
  const response = await fetch(`http://127.0.0.1:${port}/code?to=${encodeURIComponent(email)}&timeoutMs=${timeoutMs}`);
  const body = (await response.json()) as { code?: string; error?: string };
  if (!response.ok || !body.code) throw new Error(`No code for ${email}: ${body.error ?? response.status}`);
  return body.code;
}
