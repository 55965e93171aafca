import { describe, expect, it } from '@jest/globals';
import { StopStack } from './stop-stack.js';

describe('StopStack', () => {
  it('runs the deferred steps once, last deferred first', async () => {
    const stack = new StopStack();
    const ran: string[] = [];
    stack.defer(() => void ran.push('store'));
    stack.defer(async () => void ran.push('server'));
    await stack.stopAll();
    await stack.stopAll();
    expect(ran).toEqual(['server', 'store']);
  });

  it('still runs the later steps when one fails, then reports the failure', async () => {
    const stack = new StopStack();
    const ran: string[] = [];
    stack.defer(() => void ran.push('flush the store'));
    stack.defer(() => {
      throw new Error('the server would not stop');
    });
    await expect(stack.stopAll()).rejects.toThrow('the server would not stop');
    expect(ran).toEqual(['flush the store']);
  });

  it('reports several failures together', async () => {
    const stack = new StopStack();
    stack.defer(() => Promise.reject(new Error('one')));
    stack.defer(() => Promise.reject(new Error('two')));
    const failure = await stack.stopAll().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).errors.map((error: Error) => error.message)).toEqual(['two', 'one']);
  });
});
