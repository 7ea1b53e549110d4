/**
 * `npm run demo:documents`: draws the demo holders' ID proof (a passport data page, marked as a
 * specimen) in the system Chromium into apps/server/src/seed/assets/demo-passport.png, which the
 * demo seed stores as each demo holder's ID proof. It was a QR code of the words "DEMO PASSPORT",
 * which looked like no ID anyone would send (issue 20 item 5). The PNG is committed: run this again
 * after changing the drawing, and look at the result.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../apps/web/e2e/chromium';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'apps/server/src/seed/assets/demo-passport.png');
const WIDTH = 640;
const HEIGHT = 420;

const field = (label: string, value: string) => `<div class="f"><span>${label}</span><b>${value}</b></div>`;

const html = `<!doctype html><html><head><style>
*{box-sizing:border-box;margin:0}
body{width:${WIDTH}px;height:${HEIGHT}px;font-family:"DejaVu Sans",Arial,sans-serif;background:#fff}
.page{position:relative;width:100%;height:100%;padding:18px 22px;overflow:hidden;
  background:repeating-linear-gradient(135deg,#eef4f1 0 6px,#e5efe9 6px 12px);border:2px solid #0b2545;border-radius:14px}
.top{display:flex;justify-content:space-between;align-items:baseline;color:#0b2545;border-bottom:2px solid #0b2545;padding-bottom:6px}
.top h1{font-size:22px;letter-spacing:3px}.top small{font-size:12px;letter-spacing:1px}
.body{display:flex;gap:20px;margin-top:14px}
.photo{width:132px;height:170px;border-radius:8px;background:#c9d6df;display:flex;align-items:flex-end;justify-content:center;overflow:hidden;border:1px solid #8aa0b2}
.fields{display:grid;grid-template-columns:1fr 1fr;gap:8px 18px;flex:1}
.f span{display:block;font-size:9px;color:#4a5a6a;text-transform:uppercase;letter-spacing:.5px}
.f b{font-size:14px;color:#111}
.mrz{position:absolute;left:22px;right:22px;bottom:16px;font-family:"DejaVu Sans Mono",monospace;font-size:17px;letter-spacing:2px;color:#111;line-height:1.35}
.stamp{position:absolute;right:26px;top:262px;transform:rotate(-6deg);border:3px solid #b3261e;color:#b3261e;font-weight:700;font-size:20px;padding:4px 18px;letter-spacing:4px;opacity:.8;background:rgba(255,255,255,.5)}
</style></head><body><div class="page">
<div class="top"><h1>PASSPORT</h1><small>DEMO ISLANDS · SPECIMEN</small></div>
<div class="body">
  <div class="photo"><svg width="120" height="150" viewBox="0 0 120 150" aria-hidden="true"><circle cx="60" cy="52" r="30" fill="#7d93a6"/><path d="M8 150c4-40 26-58 52-58s48 18 52 58z" fill="#7d93a6"/></svg></div>
  <div class="fields">
    ${field('Type', 'P')}${field('Passport No.', 'D0000000')}
    ${field('Surname', 'SPECIMEN')}${field('Given names', 'DEMO')}
    ${field('Nationality', 'DEMO ISLANDS')}${field('Date of birth', '01 JAN 1980')}
    ${field('Sex', 'X')}${field('Place of birth', "ST. GEORGE'S")}
    ${field('Date of issue', '01 JAN 2024')}${field('Date of expiry', '01 JAN 2034')}
  </div>
</div>
<div class="mrz">P&lt;DEMSPECIMEN&lt;&lt;DEMO&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;<br>D0000000&lt;0DEM8001010X3401016&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;04</div>
<div class="stamp">NOT A REAL DOCUMENT</div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
try {
  const tab = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  await tab.setContent(html);
  const png = await tab.screenshot({ type: 'png' });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, png);
  console.log(`demo-passport.png ${WIDTH}x${HEIGHT} ${(png.length / 1024).toFixed(1)} KB`);
} finally {
  await browser.close();
}
