import type { ModerationReportTarget } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';

/**
 * The kinds of things members report, registered at start by the modules that own them
 * (`app.reportTargets.register`, docs/decisions/0023-one-reports-store.md), as Discourse's
 * reviewable types are: each kind tells the moderation queue what its reported things are (title,
 * link, picture, whose they are, whether they are gone). The moderation module reads the open
 * reports of the one store and asks the kind of each for its facts; it imports no reader of the
 * kinds' tables.
 */

/** What the queue groups by: a target, and for a kind reported per member also that member. */
export interface ReportTargetKey {
  targetType: ModerationReportTarget;
  targetId: string;
  /**
   * For a kind whose every reported member is a target of their own (a conversation: both of its
   * members may report each other): the reported member. Undefined for the other kinds.
   */
  memberId?: string | undefined;
}

/** The key of a report's or a fact's target in maps. */
export function targetKey(target: ReportTargetKey): string {
  return target.memberId === undefined
    ? `${target.targetType}:${target.targetId}`
    : `${target.targetType}:${target.targetId}:${target.memberId}`;
}

/** What a decision needs to know of a reported target. */
export interface TargetFacts extends ReportTargetKey {
  /** The ad's title, the post's thread title, 'Unterhaltung zu „…“', the story's caption or 'Foto-Story', the member's name. */
  title: string;
  excerpt: string | null;
  /** Where an ADMIN opens the target. */
  link: string;
  image: string | null;
  status: string;
  /** The member the decision concerns: seller, author, reported member. */
  affectedId: string;
  /** Removed, deleted or expired already: its reports leave the queue. */
  gone: boolean;
}

/** One reported thing of a kind, as the facts reader is asked for it. */
export interface ReportedThing {
  targetId: string;
  /** The member the reports concern. */
  reportedId: string;
}

/** A kind of reported thing, registered by the module that owns it. */
export interface ReportTargetType {
  type: ModerationReportTarget;
  /** Whether each reported member of one thing is a target of their own (conversations). */
  perReportedMember: boolean;
  /**
   * The facts of the given things (each thing once); a thing that no longer exists is left out
   * or answered `gone`. For a kind reported per member, one fact per thing and member.
   * @param db the database or the decision's transaction
   */
  facts(db: Database, things: readonly ReportedThing[]): Promise<TargetFacts[]>;
}

/** The registered kinds (`app.reportTargets`, one per application). */
export class ReportTargets {
  private readonly kinds = new Map<string, ReportTargetType>();

  /** Registers a kind at start. @throws Error when the kind is registered already */
  register(kind: ReportTargetType): void {
    if (this.kinds.has(kind.type)) throw new Error(`report target type ${kind.type} registered twice`);
    this.kinds.set(kind.type, kind);
  }

  /** The kind `type`, or undefined when no module registered it. */
  get(type: string): ReportTargetType | undefined {
    return this.kinds.get(type);
  }

  /** The key of a stored report's target: with its reported member for kinds reported per member. */
  keyOf(report: { targetType: string; targetId: string; reportedId: string }): ReportTargetKey | undefined {
    const kind = this.kinds.get(report.targetType);
    if (!kind) return undefined;
    return {
      targetType: kind.type,
      targetId: report.targetId,
      ...(kind.perReportedMember ? { memberId: report.reportedId } : {}),
    };
  }
}
