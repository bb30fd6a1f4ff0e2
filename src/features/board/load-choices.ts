/**
 * The project's labels and current members as select options, for the ticket form. Both lists are
 * ticket endpoints (throttled per key), so one read per project is shared for 30 seconds by every
 * form opened meanwhile, and concurrent opens share the read under way. A failure is not kept.
 */
import type { ServiceClient } from '../../service/index.js';
import { readable } from '../../service/tolerant.js';
import { option } from '../../slack/blocks/index.js';
import { describeError } from '../../slack/error-text.js';
import type { Choices } from './views/ticket-modal.js';

const CHOICES_TTL_MS = 30_000;

type Loaded = Extract<Choices, { labels: unknown }>;
interface Entry {
  at: number;
  read: Promise<Loaded>;
}

/** Per client (tests start several Radars in one process), per project. */
const shared = new WeakMap<ServiceClient, Map<string, Entry>>();

function readChoices(service: ServiceClient, projectId: string): Promise<Loaded> {
  let byProject = shared.get(service);
  if (!byProject) shared.set(service, (byProject = new Map()));
  const now = performance.now();
  const cached = byProject.get(projectId);
  if (cached && now - cached.at < CHOICES_TTL_MS) return cached.read;
  const read = Promise.all([service.listLabels(projectId), service.listAssignees(projectId)]).then(([labels, assignees]) => ({
    // A label or member Radar could not read cannot be offered: the others are.
    labels: readable(labels).map((l) => option(l.name, l.id)),
    assignees: readable(assignees).map((a) => option(a.fullName, a.userId)),
  }));
  const entry = { at: now, read };
  byProject.set(projectId, entry);
  read.catch(() => {
    if (byProject.get(projectId) === entry) byProject.delete(projectId);
  });
  return read;
}

export async function loadChoices(service: ServiceClient, projectId: string, projectName: string): Promise<Choices> {
  try {
    return await readChoices(service, projectId);
  } catch (error) {
    return { unavailable: describeError(error, { action: 'load the labels and members', projectName }) };
  }
}
