import { afterEach, describe, expect, it, vi } from 'vitest';
import { inNextTask, nextTask } from './after-paint';

describe('a task of its own', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs after the current task, with timers held (a hidden page holds its timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask'] });
    const order: string[] = [];
    inNextTask(() => order.push('next task'));
    order.push('this task');
    await nextTask();
    expect(order).toEqual(['this task', 'next task']);
  });

  it('runs each piece of work in the order asked, each in a task of its own', async () => {
    const order: string[] = [];
    inNextTask(() => {
      order.push('first');
      void Promise.resolve().then(() => order.push('first, its microtask'));
    });
    inNextTask(() => order.push('second'));
    await nextTask();
    expect(order).toEqual(['first', 'first, its microtask', 'second']);
  });
});
