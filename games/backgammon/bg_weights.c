/* bg_weights.c - placeholder until the trainer writes the real weights. */
#include "bg_net.h"

static const float w1[BG_NET_NIN * BG_NET_NHID];
static const float b1[BG_NET_NHID];
static const float w2[BG_NET_NHID];
const bg_net bg_net_trained = {
    BG_NET_VERSION, BG_NET_NIN, BG_NET_NHID, w1, b1, w2, 0
};
