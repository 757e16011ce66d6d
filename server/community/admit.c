/*
 * admit.c - the admission policy of every door.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "admit.h"
#include "ban.h"
#include "metrics.h"
#include "sess.h"
#include "srv.h"

const char *admit_check(const char *logname, const char *host, int pending,
                        int pending_host)
{
    if (srv_stopping) {
        srv_log("refused %s: closing", logname);
        metrics_refused(METRICS_REFUSED_CLOSING);
        return "THE ARCADE IS CLOSING. PLEASE COME BACK LATER.\r\n";
    }
    if (ban_match(host)) {
        srv_log("refused %s: banned", logname);
        metrics_refused(METRICS_REFUSED_BANNED);
        return BAN_REFUSAL;
    }
    int n = sess_count() + pending;
    if (n >= srv.max_sessions) {
        srv_log("refused %s: %d sessions", logname, n);
        metrics_refused(METRICS_REFUSED_FULL);
        return "SORRY, THE ARCADE IS FULL. PLEASE TRY AGAIN LATER.\r\n";
    }
    if (sess_count_peer(host) + pending_host >= srv.max_per_addr) {
        srv_log("refused %s: too many from this address", logname);
        metrics_refused(METRICS_REFUSED_ADDRESS);
        return "SORRY, TOO MANY SESSIONS FROM YOUR ADDRESS. PLEASE FINISH "
               "ONE FIRST.\r\n";
    }
    return NULL;
}
