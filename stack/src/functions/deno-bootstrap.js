// Runs inside Deno in front of one edge function (plain JS: the Node type-check must not see Deno code).
//
// `deno run … deno-bootstrap.js <entrypoint URL> <ready token>`
//
// The function's own `Deno.serve(...)` is redirected to an ephemeral loopback port, which is announced
// to the gateway on stdout as `<ready token><port>`. Errors are shaped like the Supabase edge runtime's.

const [entryUrl, readyToken] = Deno.args;
const encoder = new TextEncoder();
const originalServe = Deno.serve.bind(Deno);

/** The edge runtime answers a handler that throws or returns a non-Response with this body. */
function workerError() {
  return new Response(
    JSON.stringify({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }),
    { status: 500, headers: { 'Content-Type': 'application/json' } },
  );
}

let served = false;

Deno.serve = function serve(...args) {
  // Deno.serve(handler) | Deno.serve(options, handler) | Deno.serve({ handler, ...options })
  const options = typeof args[0] === 'function' ? (args[1] ?? {}) : (args[0] ?? {});
  const handler = typeof args[0] === 'function' ? args[0] : (args[1] ?? options.handler);
  if (typeof handler !== 'function') throw new TypeError('Deno.serve needs a handler function');
  const userOnError = options.onError;
  const first = !served;
  served = true;

  const wrapped = async (req, info) => {
    try {
      const res = await handler(req, info);
      if (!(res instanceof Response)) {
        throw new TypeError('Return value from serve handler must be a response or a promise resolving to a response');
      }
      return res;
    } catch (error) {
      console.error(error);
      if (typeof userOnError === 'function') return userOnError(error);
      return workerError();
    }
  };

  const { cert, key, port, hostname, onListen, handler: _h, ...rest } = options;
  return originalServe({
    ...rest,
    port: 0,
    hostname: '127.0.0.1',
    handler: wrapped,
    onListen: ({ port: actualPort }) => {
      // Only the first server is the function; later ones still run but get no traffic.
      if (first) Deno.stdout.writeSync(encoder.encode(`\n${readyToken}${actualPort}\n`));
    },
  });
};

// supabase-js and Supabase's docs use EdgeRuntime.waitUntil for background work after the response.
globalThis.EdgeRuntime ??= {
  waitUntil(promise) {
    return Promise.resolve(promise).catch((error) => console.error(error));
  },
};

// The gateway holds our stdin open: when it goes away (even when killed), stop too instead of lingering.
(async () => {
  try {
    for await (const _chunk of Deno.stdin.readable) {
      // nothing is ever sent; end of input is the signal
    }
  } catch {
    // stdin closed abruptly: same meaning
  }
  Deno.exit(0);
})();

try {
  await import(entryUrl);
} catch (error) {
  console.error(error);
  Deno.exit(70);
}

if (!served) {
  setTimeout(() => {
    if (served) return;
    console.error('The function did not call Deno.serve(...) within 5 s of loading.');
    Deno.exit(71);
  }, 5000);
}
