// The error a promise rejects with, for tests of the domain's refusals (fails when it resolves).

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('Expected a rejection')
}
