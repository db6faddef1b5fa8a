export { buildGatewayApp, type GatewayDeps } from './app.js';
export { type GatewayConfig, gatewayConfigSchema } from './config.js';
export { gatewayService } from './descriptor.js';
export { ROUTE_TABLE, routePattern, SERVICES, type ServiceName } from './route-table.js';
export { type GatewayOptions, startGateway, upstreamsFromConfig } from './service.js';
export { httpUpstream, inProcessUpstream, type Upstream, type Upstreams } from './upstreams.js';
