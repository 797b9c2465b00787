/** What a call ended with: its JSON-RPC error's code, data.code and message, or `answered`. */
export async function callOutcome(call: Promise<unknown>): Promise<{ code?: unknown; data?: unknown; message?: string } | 'answered'> {
  try {
    await call;
    return 'answered';
  } catch (error) {
    const { code, data, message } = error as { code?: unknown; data?: { code?: unknown }; message: string };
    return { code, data: data?.code, message };
  }
}
