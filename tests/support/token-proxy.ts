import { createServer, request, type Server } from 'node:http'

/**
 * Forwards every request to the API with the bearer token set, as the app's Vite proxy does, so component
 * tests exercise the real API without the token ever living in test code that plays the browser.
 */
export async function startTokenProxy(upstream: string, token: string): Promise<{ url: string; server: Server }> {
  const target = new URL(upstream)
  const server = createServer((incoming, outgoing) => {
    // The app's proxy shares the page's origin; this one does not, so it answers the browser's CORS preflight
    // itself (jsdom sends one for an upload whose progress is followed, as the spec says).
    if (incoming.method === 'OPTIONS' && incoming.headers['access-control-request-method']) {
      outgoing.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': incoming.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      })
      outgoing.end()
      return
    }
    const headers = { ...incoming.headers, host: target.host, authorization: `Bearer ${token}` }
    const forward = request(
      { hostname: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        // How long the API keeps its own connections is no promise of this proxy's: hop-by-hop headers stop here.
        const { connection: _connection, 'keep-alive': _keepAlive, ...end } = answer.headers
        outgoing.writeHead(answer.statusCode ?? 502, {
          ...end,
          'access-control-allow-origin': '*',
          'access-control-expose-headers': '*',
        })
        answer.pipe(outgoing)
      },
    )
    forward.on('error', () => {
      outgoing.writeHead(502)
      outgoing.end()
    })
    incoming.pipe(forward)
  })
  // An idle connection is closed by the client, never by the proxy. Closed by the proxy after its 5 s, one could be
  // taken by a request at that moment, by a test whose thread was busy rendering when the client would have retired
  // it: the request failed with "other side closed". (Suites that share a thread share its connections, file after file.)
  server.keepAliveTimeout = 0
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}`, server }
}
