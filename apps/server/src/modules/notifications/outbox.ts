/**
 * The development outbox: where email and SMS go when no real channel is configured, so a
 * developer can sign up and sign in on a laptop and read the codes. It lives in memory (a restart
 * empties it) and keeps only the newest messages, so a long-running dev server cannot grow
 * without bound. Exposing it over HTTP is the wiring's decision, and only in development.
 */

export type OutboxChannel = 'email' | 'sms';

export interface OutboxMessage {
  /** Increasing per outbox; lets a reader tell two messages with the same content apart. */
  readonly id: number;
  readonly channel: OutboxChannel;
  /** An email address or a phone number, as given. */
  readonly to: string;
  /** Email only. */
  readonly subject?: string | undefined;
  readonly text: string;
  readonly html?: string | undefined;
  /** Email only: what was attached (names and sizes; the bytes are not kept). */
  readonly attachments?: readonly { filename: string; contentType: string; size: number }[] | undefined;
  readonly storedAt: Date;
}

export type NewOutboxMessage = Omit<OutboxMessage, 'id' | 'storedAt'>;

export interface Outbox {
  add(message: NewOutboxMessage): OutboxMessage;
  /** Newest first. */
  list(): OutboxMessage[];
  /** The newest message to this email address (any case) or phone number (any punctuation). */
  latestFor(address: string): OutboxMessage | undefined;
  clear(): void;
}

export interface OutboxOptions {
  /** How many messages to keep; the oldest are dropped first. */
  capacity?: number;
  now?: () => Date;
}

const DEFAULT_CAPACITY = 200;

/**
 * Emails compare without case (the domain part is case-insensitive, and people type either);
 * phone numbers compare by their digits and leading plus, since "+1 473-555 0100" and
 * "+14735550100" are the same phone.
 */
function addressKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.includes('@') ? trimmed : trimmed.replace(/[^\d+]/g, '');
}

export function createOutbox(options: OutboxOptions = {}): Outbox {
  const capacity = options.capacity ?? DEFAULT_CAPACITY;
  if (!Number.isInteger(capacity) || capacity <= 0) throw new Error('Outbox capacity must be a positive integer');
  const now = options.now ?? (() => new Date());
  // Kept newest first, so list() is a copy and latestFor() stops at the first hit.
  let messages: OutboxMessage[] = [];
  let nextId = 1;

  return {
    add(message) {
      const stored: OutboxMessage = Object.freeze({ ...message, id: nextId++, storedAt: now() });
      messages.unshift(stored);
      if (messages.length > capacity) messages.length = capacity;
      return stored;
    },
    list() {
      return [...messages];
    },
    latestFor(address) {
      const key = addressKey(address);
      return messages.find((message) => addressKey(message.to) === key);
    },
    clear() {
      messages = [];
    },
  };
}
