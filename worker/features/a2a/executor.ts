// The SDK's AgentExecutor for the marketplace's agent: one message in, one message out (text and
// data), no task kept, so a request needs nothing from any other request.
import { Role, type Part } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor } from '@a2a-js/sdk/server';
import { MESSAGES } from '#common/validation.ts';
import type { Bindings } from '#worker/env.ts';
import { log } from '#worker/lib/log.ts';
import { answer, askOf } from './answers';

const part = (content: NonNullable<Part['content']>, mediaType: string): Part => ({
  content,
  mediaType,
  filename: '',
  metadata: undefined,
});

export function catalogueExecutor(env: Bindings, origin: string, requestId: string): AgentExecutor {
  return {
    async execute(context, bus) {
      let reply;
      try {
        reply = await answer(env, origin, askOf(context.userMessage.parts));
      } catch (error) {
        log('error', 'a2a answer failed', { requestId, error });
        // The SDK answers a failed task with the error's message: ours, never the internals.
        throw new Error(MESSAGES.serverError, { cause: error });
      }
      bus.publish(
        AgentEvent.message({
          messageId: crypto.randomUUID(),
          contextId: context.contextId,
          taskId: '',
          role: Role.ROLE_AGENT,
          parts: [
            part({ $case: 'text', value: reply.text }, 'text/plain'),
            part({ $case: 'data', value: reply.data }, 'application/json'),
          ],
          metadata: undefined,
          extensions: [],
          referenceTaskIds: [],
        }),
      );
      bus.finished();
    },
    // Answers are immediate: no task is ever running to cancel (the SDK refuses an unknown one first).
    async cancelTask() {},
  };
}
