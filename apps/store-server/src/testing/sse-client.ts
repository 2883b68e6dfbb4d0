// A real Server-Sent Events client over fetch for the integration tests of the new-order channel (decision 0006).

export interface StreamMessage {
  id?: string;
  event?: string;
  data?: string;
}

/** A real SSE client over fetch: reads messages as the server writes them. */
export interface OpenStream {
  status: number;
  headers: Headers;
  body: string;
  /** The next message with an event (comments and the retry line are skipped). */
  nextEvent(): Promise<StreamMessage>;
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', 'accept-language': 'en-US', ...headers }, signal: abort.signal });
  if (response.status !== 200 || !response.body) {
    return { status: response.status, headers: response.headers, body: await response.text(), nextEvent: () => Promise.reject(new Error('no stream')), close: () => undefined };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const nextEvent = async (): Promise<StreamMessage> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message: StreamMessage = {};
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          if (colon <= 0) continue;
          const field = line.slice(0, colon) as keyof StreamMessage | 'retry';
          const value = line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id' || field === 'event' || field === 'data') message[field] = value;
        }
        if (message.event) return message;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { status: 200, headers: response.headers, body: '', nextEvent, close: () => abort.abort() };
}
