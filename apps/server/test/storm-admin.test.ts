import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { payouts, policies, stormAlerts, storms, stormTrackPoints, users } from '../src/db/schema';
import { uploadProof } from './files-helpers';
import { describeApp } from './harness';
import { gqlAs, tokenFor, userId } from './identity-helpers';
import { ensureSeason, insertPolicies, shippedHurdat2, stormBlock } from './storm-helpers';

/**
 * Issue 10 items 1, 5 and 7 over HTTP: an admin uploads storm files (bad ones are refused in words,
 * nothing stored, never a 500), reads payouts by storm, exports the bank-transfer CSV, records a
 * wire; the holder's tracker shows the storm.
 */
describeApp('storm files, payouts by storm, wires and the tracker, over HTTP', (suite) => {
  const sample = shippedHurdat2('sample.txt');
  const ivan = stormBlock(sample, 'AL092004');
  let admin = '';
  let holder = '';

  const upload = (body: string | Buffer, token = admin, contentType = 'text/plain') =>
    suite.app.inject({ method: 'POST', url: '/api/v1/storms', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body });

  const stored = async () => ({ storms: await suite.app.db.$count(storms), points: await suite.app.db.$count(stormTrackPoints), payouts: await suite.app.db.$count(payouts) });

  beforeAll(async () => {
    const { app } = suite;
    admin = await tokenFor(app, 'admin@fhp.example');
    holder = await tokenFor(app, 'purchaser@fhp.example');
    await ensureSeason(app.db, 2004);
    await insertPolicies(app.db, { count: 6, country: 'gd', seasonYear: 2004, owners: [await userId(app, 'purchaser@fhp.example')], prefix: 'FHP-GD-2004' });
    // B, with no payout account on file and a name a spreadsheet would run as a formula.
    const b = await userId(app, 'purchaser.b@fhp.example');
    await insertPolicies(app.db, { count: 1, country: 'gd', seasonYear: 2004, owners: [b], prefix: 'FHP-GF-2004', optionId: 'T' });
    await app.db.update(users).set({ firstName: '=HYPERLINK("http://x.example")', lastName: '-2+3' }).where(eq(users.id, b));
    // A's payout account, saved as in My Payout Details (the number goes in sealed).
    const leaf = await uploadProof(app, holder, 'CHEQUE_LEAF');
    const saved = await gqlAs(app, holder, 'mutation Save($input: BankAccountInput!) { saveBankAccountDetail(input: $input) { message } }', {
      input: { accHolderName: 'Alicia Charles', bankName: 'Grenada Co-operative Bank', accountNo: '1002 0030 0456', type: 'SAVINGS', swiftCode: 'gcbkgdgd', chequeLeafFileId: leaf.id },
    });
    expect(saved.body.errors).toBeUndefined();
  });

  const lines = ivan.trimEnd().split('\n');
  const badFiles: [string, string | Buffer, RegExp][] = [
    ['a truncated file', lines.slice(0, 40).join('\n'), /^Line 41: the file ends after 39 of/],
    ['a wrong point count in a header', ivan.replace('     94,', '     95,'), /^Line \d+: /],
    ['latitude 95N', ivan.replace('11.8N,  61.1W, 105', '95.0N,  61.1W, 105'), /^Line 22: .*latitude 95\.0N/],
    ['wind 400 kt', ivan.replace('11.8N,  61.1W, 105', '11.8N,  61.1W, 400'), /^Line 22: .*400/],
    ['another format (CSV)', 'id,name,lat,lon\n1,IVAN,11.8,-61.1\n', /^Line 1: expected a storm header/],
    ['a PDF', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 3])]), /not a text file/],
    ['an empty file', '', /empty/],
  ];
  for (const [what, body, message] of badFiles) {
    it(`refuses ${what} with a clear message and stores nothing`, async () => {
      const before = await stored();
      const response = await upload(body, admin, typeof body === 'string' ? 'text/plain' : 'application/octet-stream');
      expect(response.statusCode).toBe(400);
      expect(response.json().display_message).toMatch(message);
      expect(await stored()).toEqual(before);
    });
  }

  it('refuses a 50 MB file before reading it (413), and a file in an unknown content type (415), never a 500', async () => {
    const big = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/storms',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' },
      payload: Buffer.alloc(50_000_000, 0x41),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().display_message).toBe('The storm file is larger than 20 MB: split it and import the parts');
    const json = await upload('{"storm":1}', admin, 'application/json');
    expect(json.statusCode).toBe(415);
    expect(await stored()).toEqual({ storms: 0, points: 0, payouts: 0 });
  });

  it('imports Ivan: the admin sees its payouts, exports the CSV and records a wire; the holder sees the tracker', async () => {
    const response = await upload(ivan);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ storms: [{ id: 'AL092004', name: 'IVAN', change: 'NEW', points: 94 }], payouts: 6, alerts: 2 });
    // A duplicate storm with different points is refused, and nothing of that file is stored.
    const changed = await upload(ivan.replace('11.8N,  61.1W, 105', '11.8N,  61.1W, 110'));
    expect(changed.statusCode).toBe(400);
    expect(changed.json().display_message).toMatch(/^Storm AL092004 is already stored with a different track point/);

    const list = await gqlAs<{ storms: { id: string; payoutCount: number; evaluations: { country: string; c1: string; c2: string }[] }[] }>(
      suite.app,
      admin,
      '{ storms { id payoutCount evaluations { country c1 c2 } } }',
    );
    expect(list.body.data?.storms).toEqual([{ id: 'AL092004', payoutCount: 6, evaluations: [{ country: 'dm', c1: null, c2: null }, { country: 'gd', c1: 'C3', c2: 'C4' }] }]);

    const byStorm = await gqlAs<{ stormPayouts: { id: string; policyNumber: string; status: string; amount: { cents: number } }[] }>(
      suite.app,
      admin,
      '{ stormPayouts(stormId: "AL092004") { id policyNumber status amount { cents } } }',
    );
    const rows = byStorm.body.data!.stormPayouts;
    expect(rows.map((row) => row.policyNumber)).toEqual(['FHP-GD-2004-000000', 'FHP-GD-2004-000001', 'FHP-GD-2004-000002', 'FHP-GD-2004-000003', 'FHP-GD-2004-000004', 'FHP-GF-2004-000000']);

    const csv = await suite.app.inject({ method: 'GET', url: '/api/v1/storms/AL092004/payouts.csv', headers: { authorization: `Bearer ${admin}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    const csvLines = csv.body.trimEnd().split('\r\n');
    expect(csvLines[0]).toBe(
      '"payout_id","policy_number","holder_name","holder_email","amount_xcd","percent","storm","status","created_at","bank_name","account_holder_name","account_number","account_type","swift_bic","note"',
    );
    expect(csvLines).toHaveLength(7);
    // A's payout account from My Payout Details, the account number decrypted for the wire.
    expect(csvLines[1]).toMatch(
      new RegExp(`^"${rows[0]!.id}","FHP-GD-2004-000000","Alicia Charles","purchaser@fhp.example","${(rows[0]!.amount.cents / 100).toFixed(2)}","50","AL092004","PENDING","[^"]+","Grenada Co-operative Bank","Alicia Charles","100200300456","Savings","GCBKGDGD",""$`),
    );
    // B has none: listed with a note; a name starting with = or - is neutralised so a spreadsheet shows it as text.
    expect(csvLines[6]).toContain(`"FHP-GF-2004-000000","'=HYPERLINK(""http://x.example"") -2+3","purchaser.b@fhp.example"`);
    expect(csvLines[6]).toMatch(/,"","","","","","No payout bank details on file: ask the holder to add them under My Payout Details before wiring"$/);
    expect(csv.body).not.toMatch(/(^|,)"[=+\-@]/m);

    const wire = await gqlAs<{ recordPayoutWire: { status: string; wireReference: string } }>(
      suite.app,
      admin,
      `mutation { recordPayoutWire(payoutId: "${rows[0]!.id}", wireReference: "WIRE-2004-1") { status wireReference } }`,
    );
    expect(wire.body.data?.recordPayoutWire).toEqual({ status: 'PAID', wireReference: 'WIRE-2004-1' });
    const [policy] = await suite.app.db.select().from(policies).where(eq(policies.policyNumber, 'FHP-GD-2004-000000'));
    expect(policy!.status).toBe('PAYOUT_CONFIRMATION');
    const refused = await gqlAs(suite.app, admin, `mutation { recordPayoutWire(payoutId: "${rows[0]!.id}", wireReference: "WIRE-2004-2") { status } }`);
    expect(refused.body.errors?.[0]?.extensions?.display_message).toBe('Only a pending payout can be recorded as paid');
    // The paid one leaves the transfer file.
    const after = await suite.app.inject({ method: 'GET', url: '/api/v1/storms/AL092004/payouts.csv', headers: { authorization: `Bearer ${admin}` } });
    expect(after.body.trimEnd().split('\r\n')).toHaveLength(6);

    const tracker = await gqlAs<{ getPolicyAnalytics: { events: { title: string; date: string; colour: string }[]; rows: { date: string; title: string; windspeed: number; category: string; blockchainTxnId: string; blockchainTxnUrl: string }[] } }>(
      suite.app,
      holder,
      `{ getPolicyAnalytics(policyId: "${policy!.id}", month: 9, year: 2004) { events { title date colour } rows { date title windspeed category blockchainTxnId blockchainTxnUrl } } }`,
    );
    const analytics = tracker.body.data!.getPolicyAnalytics;
    expect(analytics.events).toContainEqual({ title: 'Eligible For Payout', date: '2004-09-07', colour: 'green' });
    const eligible = analytics.rows.find((row) => row.date === '2004-09-07')!;
    expect(eligible.blockchainTxnId).toBe(rows[0]!.id);
    // The payout is proved by its path to its evaluation's entry (decision 174): the link is the payout's proof.
    expect(eligible.blockchainTxnUrl).toMatch(new RegExp(`/explorer/payout/${rows[0]!.id}$`));
    // Each row proves its own entry (issue 20 item 5): the other rows of the storm prove its trigger over the island, not this policy's payout.
    const others = analytics.rows.filter((row) => row.title !== 'Eligible For Payout');
    expect(others.map((row) => [row.title, row.blockchainTxnId])).toEqual([['Weather System Nearby', 'AL092004-gd-2004']]);
    expect(others[0]!.blockchainTxnUrl).not.toBe(eligible.blockchainTxnUrl);
    expect(await suite.app.db.$count(stormAlerts)).toBe(2);

    // The addresses carry the policy number: the holder's own number answers the same, with the month's tracks for the map.
    const byNumber = await gqlAs<{ getPolicyAnalytics: { policyId: string; events: { title: string }[]; tracks: { id: string; points: { lat: number }[] }[] } }>(
      suite.app,
      holder,
      '{ getPolicyAnalytics(policyId: "FHP-GD-2004-000000", month: 9, year: 2004) { policyId events { title } tracks { id points { lat } } } }',
    );
    expect(byNumber.body.data?.getPolicyAnalytics.policyId).toBe(policy!.id);
    expect(byNumber.body.data?.getPolicyAnalytics.events).toEqual(analytics.events.map(({ title }) => ({ title })));
    expect(byNumber.body.data?.getPolicyAnalytics.tracks.map((track) => [track.id, track.points.length])).toEqual([['AL092004', 94]]);
    // Another holder's number is not found, exactly like a number that does not exist.
    const other = await tokenFor(suite.app, 'purchaser.b@fhp.example');
    for (const id of ['FHP-GD-2004-000000', 'FHP-GD-2004-999999', 'not a number!']) {
      const refused = await gqlAs(suite.app, other, `{ getPolicyAnalytics(policyId: "${id}", month: 9, year: 2004) { policyId } }`);
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(refused.body.errors?.[0]?.extensions?.display_message).toBe('This policy was not found.');
    }

    // The detail behind the row: the contract's audit of Ivan for this policy.
    const DETAIL = `{ getPolicyStormDetail(policyId: "FHP-GD-2004-000000", stormId: "al092004") {
      policyNumber optionId c1 c2 closestKm qualifyingTime inCoverTerm storm { id name points { time } }
      options { option percent qualifyingTime isPolicyOption } events { date title colour }
      nearby { time distanceKm box category } payouts { percent contractPercent status blockchainTxnUrl } ledger { kind txnId url } } }`;
    const detail = await gqlAs<{
      getPolicyStormDetail: {
        optionId: string;
        c1: string;
        c2: string;
        closestKm: number;
        inCoverTerm: boolean;
        qualifyingTime: string;
        storm: { id: string; points: unknown[] };
        options: { option: string; percent: number; isPolicyOption: boolean }[];
        events: { date: string; title: string; colour: string }[];
        nearby: { distanceKm: number; box: string }[];
        payouts: { percent: number; contractPercent: number; status: string; blockchainTxnUrl: string }[];
        ledger: { kind: string; txnId: string; url: string };
      };
    }>(suite.app, holder, DETAIL);
    const audit = detail.body.data!.getPolicyStormDetail;
    expect(audit).toMatchObject({ optionId: 'T', c1: 'C3', c2: 'C4', inCoverTerm: true, storm: { id: 'AL092004' } });
    expect(audit.closestKm).toBeCloseTo(11.9, 0);
    expect(audit.qualifyingTime).toMatch(/^2004-09-07T/);
    expect(audit.options.map((option) => [option.option, option.percent, option.isPolicyOption])).toEqual([
      ['T', 50, true],
      ['1', 50, false],
      ['2', 50, false],
      ['3', 50, false],
      ['4', 50, false],
      ['5', 0, false],
    ]);
    expect(audit.events[0]).toEqual({ date: '2004-09-07', title: 'Eligible For Payout', colour: 'green' });
    expect(audit.nearby.some((point) => point.box === 'BOX_1' && point.distanceKm < 25)).toBe(true);
    expect(audit.nearby.every((point) => point.distanceKm <= 300)).toBe(true);
    expect(audit.payouts).toEqual([{ percent: 50, contractPercent: 50, status: 'PAID', blockchainTxnUrl: expect.stringMatching(new RegExp(`/explorer/payout/${rows[0]!.id}$`)) }]);
    expect(audit.ledger).toMatchObject({ kind: 'PAYOUT_CREATED', txnId: rows[0]!.id });
    for (const [token, stormId] of [[other, 'AL092004'], [holder, 'AL991999'], [holder, 'IVAN']] as const) {
      const refused = await gqlAs(suite.app, token, `{ getPolicyStormDetail(policyId: "FHP-GD-2004-000000", stormId: "${stormId}") { c1 } }`);
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const track = await gqlAs<{ stormTrack: { name: string; points: unknown[] } }>(suite.app, admin, '{ stormTrack(stormId: "AL092004") { name points { time lat lon status windKt } } }');
    expect(track.body.data?.stormTrack).toMatchObject({ name: 'IVAN' });
    expect(track.body.data?.stormTrack.points).toHaveLength(94);

    const empty = await gqlAs<{ getPolicyAnalytics: { events: unknown[] } }>(suite.app, holder, `{ getPolicyAnalytics(policyId: "${policy!.id}", month: 2, year: 2005) { events { title } } }`);
    expect(empty.body.data?.getPolicyAnalytics.events).toEqual([]);
    const wind = await gqlAs<{ getPolicyWind: { start: string; maxKt: number | null }[] }>(suite.app, holder, `{ getPolicyWind(policyId: "${policy!.id}", period: "month", fromYear: 2004, toYear: 2004) { start maxKt } }`);
    expect(wind.body.data?.getPolicyWind).toHaveLength(12);
    expect(wind.body.data?.getPolicyWind.find((bucket) => bucket.start === '2004-09-01')?.maxKt).toBeGreaterThanOrEqual(120);
  });
},
// Ivan's best track is uploaded within a year of the 2004 term's end, so it still pays that term (decision 140).
{ clock: () => new Date('2004-11-30T16:00:00Z') });
