/** The project's labels and current members as select options, for the ticket form. */
import type { ServiceClient } from '../../service/index.js';
import { option } from '../../slack/blocks/index.js';
import { describeError } from '../../slack/error-text.js';
import type { Choices } from './views/ticket-modal.js';

export async function loadChoices(service: ServiceClient, projectId: string, projectName: string): Promise<Choices> {
  try {
    const [labels, assignees] = await Promise.all([service.listLabels(projectId), service.listAssignees(projectId)]);
    return {
      labels: labels.map((l) => option(l.name, l.id)),
      assignees: assignees.map((a) => option(a.fullName, a.userId)),
    };
  } catch (error) {
    return { unavailable: describeError(error, { action: 'load the labels and members', projectName }) };
  }
}
