-- One database per service: no service ever reads another's (ARCHITECTURE.md).
CREATE DATABASE identity;
CREATE DATABASE billing;
CREATE DATABASE questions;
CREATE DATABASE moderation;
CREATE DATABASE notifications;
