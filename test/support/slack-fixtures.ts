/**
 * Realistic ids for the workspace tests talk about. The team and bot come from the local Web API
 * so that payloads the driver sends and answers the fake gives agree with each other.
 */
import { LOCAL_WORKSPACE } from '../../src/slack/local-web-api/index.js';
import type { LocalChannel, LocalUser } from '../../src/slack/local-web-api/index.js';

export const TEAM = { id: LOCAL_WORKSPACE.teamId, domain: LOCAL_WORKSPACE.teamDomain } as const;

export const API_APP_ID = LOCAL_WORKSPACE.appId;

/** People in the workspace, by role in a test. */
export const USERS = {
  alice: 'U07ALICE01',
  bob: 'U07BOBBY02',
  carol: 'U07CAROL03',
  /** Her real name matches a member of the sandbox organisation ("assign to me"). */
  maya: 'U07MAYACH4',
  /** New to the team: in no channel yet (`users.conversations` lists none); lives in Berlin. */
  nia: 'U07NIANEW5',
} as const;

/** What `users.info` answers for each user id. */
export const SLACK_USERS: Record<string, LocalUser> = {
  [USERS.alice]: { name: 'alice', real_name: 'Alice Moreau' },
  [USERS.bob]: { name: 'bob', real_name: 'Bob Okafor' },
  [USERS.carol]: { name: 'carol', real_name: 'Carol Nguyen' },
  [USERS.maya]: { name: 'maya', real_name: 'Maya Chen' },
  [USERS.nia]: { name: 'nia', real_name: 'Nia Okoro', tz: 'Europe/Berlin', channels: [] },
};

/** Channels by role in a test. */
export const CHANNELS = {
  general: 'C07GENERAL1',
  intel: 'C07COMPINT2',
  private: 'G07PRIVATE3',
} as const;

/** What `conversations.info` answers for each channel id. */
export const SLACK_CHANNELS: Record<string, LocalChannel> = {
  [CHANNELS.general]: { name: 'general' },
  [CHANNELS.intel]: { name: 'competitive-intel' },
  // Only these people are in the private channel (`users.conversations`); the others have everyone.
  [CHANNELS.private]: { name: 'leadership', is_private: true, members: [USERS.alice, USERS.bob, USERS.maya] },
};

export function userName(userId: string): string {
  return SLACK_USERS[userId]?.name ?? userId.toLowerCase();
}

export function channelName(channelId: string): string {
  return SLACK_CHANNELS[channelId]?.name ?? channelId.toLowerCase();
}
