// bgml/bgml.h: the whole BGML measurement runtime in one include.

#ifndef BGML_BGML_H
#define BGML_BGML_H

#include "bgml/affinity.h"
#include "bgml/environment.h"
#include "bgml/footprint.h"
#include "bgml/ior.h"
#include "bgml/json_writer.h"
#include "bgml/loop.h"
#include "bgml/metric_loop.h"
#include "bgml/pacer.h"
#include "bgml/probes.h"
#include "bgml/process.h"
#include "bgml/progress.h"
#include "bgml/report.h"
#include "bgml/result_writer.h"
#include "bgml/start_line.h"
#include "bgml/stats.h"
#include "bgml/timer.h"

#endif // BGML_BGML_H
