// loop_context.cpp: builds what one loop owns, in dependency order (clients before the actors,
// which app/ makes through shared_state::make_domain).
#include "reactor/loop_context.h"


namespace jh {

loop_context::loop_context(int idx, uv_loop_t* loop, shared_state& s, loop_metrics& m)
    : index(idx),
      uv(loop),
      cfg(*s.cfg),
      shared(s),
      metrics(m),
      pg(loop, cfg.database_url, cfg.database_pool_size, cfg.database_queue_limit, cfg.database_query_timeout_ms,
         cfg.database_outage_grace_ms),
      reads(loop, pg, {cfg.database_replica, cfg.database_replica_pool_size, cfg.database_queue_limit,
                       cfg.database_query_timeout_ms, cfg.database_replica_max_lag_ms}),
      redis(loop, cfg.redis_url, cfg.redis_connect_timeout_ms, cfg.redis_command_timeout_ms,
            {cfg.redis_sentinels, cfg.redis_sentinel_master, cfg.redis_sentinel_password}, cfg.redis_outage_grace_ms,
            cfg.redis_queue_limit),
      zmq(*s.hub),
      requests(loop, *s.hub),
      domain(s.make_domain ? s.make_domain(*this) : loop_domain_ptr(nullptr, nullptr)),
      proxies(trusted_proxies::parse(cfg.http_trusted_proxies).value_or(trusted_proxies{})) {}

loop_context::~loop_context() = default;

}  // namespace jh
