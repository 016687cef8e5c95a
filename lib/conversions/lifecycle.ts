import { type Conversion, Prisma } from '@/lib/generated/prisma/client';
import { log } from '@/lib/log/logger';

// A conversion's run calls no feature by name: what brings in an input that is not stored yet
// (a URL import), what is written with a run's outcome (the webhooks' outbox) and what reacts when
// a run ends (webhooks, batch completion, metrics) register here when a process starts (lib/processes/conversion-subscribers.ts), so the conversion core
// stays below the features that use it.

/**
 * The conversion a finished run is about: its owner (null for an anonymous one) and its batch, both
 * fixed at creation, so the run's own row says them.
 */
export type ConversionOwner = Pick<Conversion, 'id' | 'userId' | 'batchId'>;

/** A run ended with its status recorded: completed (its result stored) or failed (its error kept). */
export type ConversionFinished = {
  conversion: ConversionOwner;
  outcome: 'completed' | 'failed';
  /** The engine that ran, null when the run failed before one was chosen. */
  engine: string | null;
};

/** Brings a claimed conversion's input into storage before its engine runs. */
export type InputSource = {
  /** Whether this conversion's input still has to be fetched by this source. */
  needsInput: (row: Conversion) => boolean;
  /** Stores the input and answers the row as it is now (its format known); throws AppError on a bad input. */
  fetchInput: (row: Conversion, signal: AbortSignal) => Promise<Conversion>;
};

type FinishedListener = (event: ConversionFinished) => Promise<void> | void;

/**
 * A row a feature writes in the very statement that records a run's outcome, so that it commits
 * with the outcome or not at all (what a listener does after the commit is lost if the process or
 * the database goes first). It is an `INSERT … SELECT … FROM <finished>`, where `finished` names
 * the finished row (columns `id`, `user_id`, `batch_id`; no row when the outcome was not recorded).
 */
export type OutcomeWrite = (outcome: ConversionFinished['outcome'], finished: Prisma.Sql) => Prisma.Sql;

type Lifecycle = {
  inputSources: Map<string, InputSource>;
  outcomeWrites: Map<string, OutcomeWrite>;
  finished: Map<string, FinishedListener>;
};

// On globalThis: Next bundles instrumentation.ts and the route handlers apart, and both must see
// the same registrations.
const globalLifecycle = globalThis as unknown as { conversionLifecycle?: Lifecycle };
const lifecycle = (): Lifecycle =>
  (globalLifecycle.conversionLifecycle ??= { inputSources: new Map(), outcomeWrites: new Map(), finished: new Map() });

/** Registers (or replaces, by name) a source of inputs; registering again at each start is harmless. */
export function registerInputSource(name: string, source: InputSource): void {
  lifecycle().inputSources.set(name, source);
}

/** Registers (or replaces, by name) a row written with each recorded outcome. */
export function writeWithOutcome(name: string, write: OutcomeWrite): void {
  lifecycle().outcomeWrites.set(name, write);
}

/**
 * The registered writes as further WITH queries (`, w0 AS (…), w1 AS (…)`) for the statement whose
 * WITH query `finished` records the outcome. PostgreSQL runs every data-modifying WITH query once,
 * whether or not the rest of the statement reads it.
 */
export function outcomeWritesSql(outcome: ConversionFinished['outcome'], finished: Prisma.Sql): Prisma.Sql {
  const writes = [...lifecycle().outcomeWrites.values()];
  if (writes.length === 0) return Prisma.empty;
  return Prisma.join(
    writes.map((write, i) => Prisma.sql`, ${Prisma.raw(`outcome_write_${i}`)} AS (${write(outcome, finished)})`),
    '',
    '',
  );
}

/** Registers (or replaces, by name) what runs after each finished run, in registration order. */
export function onConversionFinished(name: string, listener: FinishedListener): void {
  lifecycle().finished.set(name, listener);
}

/** The source that must fetch this conversion's input first, if any. */
export function inputSourceFor(row: Conversion): InputSource | undefined {
  return [...lifecycle().inputSources.values()].find((source) => source.needsInput(row));
}

/**
 * Runs each listener in turn. Never throws: a listener's failure (a webhook queue that is down)
 * must not touch the conversion, and must not keep the next listener from running.
 */
export async function emitConversionFinished(event: ConversionFinished): Promise<void> {
  for (const [name, listener] of lifecycle().finished) {
    try {
      await listener(event);
    } catch (err) {
      log.error({ conversionId: String(event.conversion.id), subscriber: name, err }, 'conversion subscriber failed');
    }
  }
}
