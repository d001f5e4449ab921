/**
 * Files that ask a question about a kind rather than describe one (docs/architecture.md, "Kinds and questions"):
 * a design (which forces to buy), a tournament (which of these forces is strongest), a luck log (how lucky were
 * these battles) and an infer file (what unknown number explains these results). Each is answered by its own
 * command; every other command given one says in one line which command answers it (exit 2), or, for `report`,
 * charts what that command prints. Design and tournament files also have a registry entry (their kernels run on
 * the pool); luck and infer run the war-machine kind's exact odds and have none.
 */

export interface Question {
  /** The `kind:` the file names. */
  readonly kind: string;
  /** The file in words, for messages ("a luck log"). */
  readonly name: string;
  /** The kind it asks about, in words. */
  readonly about: string;
  /** The command that answers it. */
  readonly command: string;
}

export const QUESTIONS: readonly Question[] = [
  { kind: 'design', name: 'a design', about: 'war-machine or siege forces', command: 'design' },
  { kind: 'tournament', name: 'a tournament', about: 'war-machine forces', command: 'tournament' },
  { kind: 'luck', name: 'a luck log', about: 'war-machine battles fought', command: 'luck' },
  { kind: 'infer', name: 'an infer file', about: 'war-machine battles fought', command: 'infer' },
];

/** The question a file's `kind:` names, if it names one. */
export const questionOf = (kind: unknown): Question | undefined => QUESTIONS.find((q) => q.kind === kind);

/** The one-line pointer to the command that answers a question file. */
export const answeredBy = (q: Question): string => `${q.name} is a question about ${q.about}; run warcast ${q.command}`;
