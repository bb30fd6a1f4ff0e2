import type { Member, Person } from './model.js';

/** One organisation's people, as the board sees them. */
export class MemberDirectory {
  private readonly members = new Map<string, Member>();

  add(member: Member): void {
    this.members.set(member.userId, { ...member });
  }

  /** Current members (invited-not-joined and departed people excluded), in the order added. */
  current(): Person[] {
    return [...this.members.values()].filter((m) => m.state === 'active').map(({ userId, fullName }) => ({ userId, fullName }));
  }

  isCurrent(userId: string): boolean {
    return this.members.get(userId)?.state === 'active';
  }

  /** How an assignee reads: a current member as `{ userId, fullName }`, anyone else as null. */
  asAssignee(userId: string | null): Person | null {
    if (userId === null) return null;
    const member = this.members.get(userId);
    return member?.state === 'active' ? { userId: member.userId, fullName: member.fullName } : null;
  }
}
