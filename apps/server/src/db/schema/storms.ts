import type { CycloneClass, RecordFlag, StormStatus } from '@fhp/domain';
import { doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Storm tracks (issue 10): one row per storm (HURDAT2 id such as AL092004) and its track points.
 * `point_count` is what is stored; a later, longer version of the storm (an advisory update)
 * extends it and bumps `version`, which the evaluation keys its work on.
 */
export const storms = pgTable('storms', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  year: integer('year').notNull(),
  pointCount: integer('point_count').notNull(),
  version: integer('version').notNull().default(1),
  firstPointAt: timestamp('first_point_at', { withTimezone: true }).notNull(),
  lastPointAt: timestamp('last_point_at', { withTimezone: true }).notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /**
   * Whose track `storm_track_points` holds: null for the HURDAT2 best track (or a HURDAT2-shaped
   * upload); else the name of the advisory feed (STORM_FEEDS) that first published the storm, whose
   * operational track stands in until the best track replaces it (decision 146).
   */
  trackSource: text('track_source'),
});

/** One best-track line; (storm, time) is unique, as the parser guarantees within a file. */
export const stormTrackPoints = pgTable(
  'storm_track_points',
  {
    stormId: text('storm_id')
      .notNull()
      .references(() => storms.id),
    time: timestamp('time', { withTimezone: true }).notNull(),
    recordFlag: text('record_flag').$type<RecordFlag>(),
    status: text('status').$type<StormStatus>().notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    windKt: integer('wind_kt'),
    pressureMb: integer('pressure_mb'),
  },
  (t) => [primaryKey({ columns: [t.stormId, t.time] })],
);

/**
 * The contract's verdict for a storm over an island and a season's cover term (what the admin's
 * payouts-by-storm screen shows beside the payouts): the classes reached and the % per option.
 */
export const stormEvaluations = pgTable(
  'storm_evaluations',
  {
    stormId: text('storm_id')
      .notNull()
      .references(() => storms.id),
    country: text('country').notNull(),
    seasonYear: integer('season_year').notNull(),
    version: integer('version').notNull(),
    c1: text('c1').$type<CycloneClass>(),
    c2: text('c2').$type<CycloneClass>(),
    /** Whole percent per option (T, 1..5). */
    payouts: jsonb('payouts').$type<Record<string, number>>().notNull(),
    qualifyingTimes: jsonb('qualifying_times').$type<Record<string, string | null>>().notNull(),
    /** The TRIGGER_EVENT proof-ledger entry's sequence, when the storm paid anyone. */
    ledgerSequence: integer('ledger_sequence'),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.stormId, t.country, t.seasonYear] })],
);

/**
 * Storm alerts (issue 10 item 6): one per holder per storm, whatever the number of policies
 * the holder has on the island (the primary key makes it go out once). `country` is the island
 * the storm came closest to among the holder's, and the distance and time are of that approach.
 * The row holds what the alert says (decision 091): the storm-notice drain writes its email and
 * text from it after the import commits.
 */
export const stormAlerts = pgTable(
  'storm_alerts',
  {
    stormId: text('storm_id')
      .notNull()
      .references(() => storms.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    country: text('country').notNull(),
    closestMetres: integer('closest_metres').notNull(),
    closestAt: timestamp('closest_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The storm's class at its closest approach ("Category 3", "Tropical Storm"); null on alerts from before decision 091. */
    categoryLabel: text('category_label'),
    /** Its wind there, in knots, when the best track gives one. */
    windKt: integer('wind_kt'),
    /** The holder's in-force policies on that island, in number order; null on alerts from before decision 091. */
    policyNumbers: text('policy_numbers').array(),
    /** When the alert's email (and text) was written to the delivery queue; null while it is owed. */
    noticeQueuedAt: timestamp('notice_queued_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.stormId, t.ownerId] }), index('storm_alerts_owner_idx').on(t.ownerId)],
);

/**
 * Advisory feeds (issue 22, decision 146): each configured source's own track of each storm it
 * publishes, kept apart from the storm's track so sources can be compared. One row per fix (the
 * radius lines of a b-deck fix are one fix); a fix published again changes nothing.
 */
export const stormSourceTracks = pgTable(
  'storm_source_tracks',
  {
    source: text('source').notNull(),
    stormId: text('storm_id')
      .notNull()
      .references(() => storms.id),
    /** The name the source gives the storm now. */
    name: text('name').notNull(),
    pointCount: integer('point_count').notNull(),
    /** Counts the versions of this source's track that changed it. */
    version: integer('version').notNull().default(1),
    lastPointAt: timestamp('last_point_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.stormId] })],
);

export const stormSourcePoints = pgTable(
  'storm_source_points',
  {
    source: text('source').notNull(),
    stormId: text('storm_id').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    status: text('status').$type<StormStatus>().notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    windKt: integer('wind_kt'),
    pressureMb: integer('pressure_mb'),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.stormId, t.time] }),
    foreignKey({ columns: [t.source, t.stormId], foreignColumns: [stormSourceTracks.source, stormSourceTracks.stormId] }),
  ],
);

/**
 * What each poller knows of a feed's file between polls and across restarts: the validators of its
 * last answer (a conditional request then costs a 304), and its failures (backoff, and an admin can
 * see a source that fell silent).
 */
export const stormFeedStates = pgTable('storm_feed_states', {
  source: text('source').primaryKey(),
  url: text('url').notNull(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  /** When a poll last got an answer (200 or 304). */
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  /** When a poll last stored something new. */
  changedAt: timestamp('changed_at', { withTimezone: true }),
  /** Failures in a row since the last answer; the next poll waits longer with each. */
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

/**
 * Sources that must agree (issue 22 item 3, decision 149): each feed source's own verdict of a
 * storm over an island and season, kept so the M-th highest can be paid and differences shown.
 * `storm_evaluations` holds what is paid (the sources' agreed verdict, or a best track's).
 */
export const stormSourceEvaluations = pgTable(
  'storm_source_evaluations',
  {
    stormId: text('storm_id')
      .notNull()
      .references(() => storms.id),
    country: text('country').notNull(),
    seasonYear: integer('season_year').notNull(),
    source: text('source').notNull(),
    c1: text('c1').$type<CycloneClass>(),
    c2: text('c2').$type<CycloneClass>(),
    payouts: jsonb('payouts').$type<Record<string, number>>().notNull(),
    qualifyingTimes: jsonb('qualifying_times').$type<Record<string, string | null>>().notNull(),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.stormId, t.country, t.seasonYear, t.source] })],
);

/**
 * An admin's approval to pay the difference between sources (decision 149): the figures approved
 * per option (the highest source's then) and why; the reason is also in the transaction log and
 * its SHA-256 on the proof ledger. Approving again raises the figures.
 */
export const stormDifferenceApprovals = pgTable(
  'storm_difference_approvals',
  {
    stormId: text('storm_id')
      .notNull()
      .references(() => storms.id),
    country: text('country').notNull(),
    seasonYear: integer('season_year').notNull(),
    payouts: jsonb('payouts').$type<Record<string, number>>().notNull(),
    reason: text('reason').notNull(),
    approvedBy: uuid('approved_by')
      .notNull()
      .references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.stormId, t.country, t.seasonYear] })],
);
