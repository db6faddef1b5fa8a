export { buildGatewayApp, type GatewayDeps } from './app.js';
export { gatewayConfigSchema, type GatewayConfig } from './config.js';
export { ROUTE_TABLE, SERVICES, type ServiceName } from './route-table.js';
export { startGateway, upstreamsFromConfig, type GatewayOptions } from './service.js';
export { httpUpstream, inProcessUpstream, type Upstream, type Upstreams } from './upstreams.js';
