#pragma once

typedef enum { GameState_SelectWorld, GameState_Playing } GameState;

#define CRAFTUS_VERSION_STR "0.3 Pre 2"