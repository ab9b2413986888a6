#pragma once

void Crash(const char* reason, ...);