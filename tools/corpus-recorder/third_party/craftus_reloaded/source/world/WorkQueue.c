#include <world/WorkQueue.h>
