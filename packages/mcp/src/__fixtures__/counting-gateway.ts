import type { GatewayLogger } from '../logger/gateway-logger.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { MISBEHAVING_SERVER, nodeUpstream } from './upstream-servers.js';

/**
 * A gateway over the misbehaving upstream (`mcp__bad__hang_forever` never
 * answers) that counts the calls handed to it: where the session and the
 * stateless server pass a call on, so a counted call is in flight.
 */
export async function createCountingGateway(logger: GatewayLogger): Promise<{ readonly gateway: Gateway; inFlight(): number }> {
  const gateway = await createGateway({ config: { mcpServers: { bad: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
  let inFlight = 0;
  const callTool = gateway.callTool.bind(gateway);
  (gateway as { callTool: typeof gateway.callTool }).callTool = (...args) => {
    inFlight += 1;
    return callTool(...args);
  };
  return { gateway, inFlight: () => inFlight };
}
